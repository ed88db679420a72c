// One round as an MCP server sends it, shared by the server and the client page.
export const wire = {
  resultType: 'input_required',
  inputRequests: {
    who: {
      method: 'elicitation/create',
      params: {
        message: 'Who are you?',
        requestedSchema: {
          type: 'object',
          properties: { email: { type: 'string', format: 'email', title: 'Email' } },
          required: ['email'],
        },
      },
    },
  },
} as const;
