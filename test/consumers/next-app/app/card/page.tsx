'use client';
// A client page: the card as the README shows it, with the theme.
import { InputRequestCard, type InputResponses, parseSuspension } from 'input-request-cards';
import 'input-request-cards/styles.css';
import { wire } from '../wire';

const suspension = parseSuspension(wire, { serverName: 'Consumer', toolName: 'sign_up' });

async function resume(inputResponses: InputResponses): Promise<void> {
  const response = await fetch('/api/resume', { method: 'POST', body: JSON.stringify({ inputResponses }) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}

export default function CardPage() {
  return <InputRequestCard suspension={suspension} resume={resume} />;
}
