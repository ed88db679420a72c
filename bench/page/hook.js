// Loaded before any bundle (a classic script), so React and every library capture the wrapped
// timers. It adds up the JS time of every callback the page schedules (timers, animation
// frames, idle callbacks, MessagePort messages: React's scheduler runs there) and stands in for
// the React DevTools hook to learn when React commits. The bench's own waits use the originals.
(() => {
  const now = performance.now.bind(performance);
  const acc = { js: 0, last: 0, callbacks: 0, commits: 0, lastCommit: 0, onCommit: undefined };
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  window.__bench = {
    acc,
    now,
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
    requestIdleCallback: window.requestIdleCallback.bind(window),
    /** A macrotask turn that nothing in the page shares or counts. */
    yieldTask: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        channel.port2.postMessage(0);
      }),
  };

  const wrap = (callback) => {
    if (typeof callback !== 'function') return callback;
    return function timed(...args) {
      const start = now();
      try {
        return callback.apply(this, args);
      } finally {
        const end = now();
        acc.js += end - start;
        acc.last = end;
        acc.callbacks += 1;
      }
    };
  };

  const originalSetTimeout = window.setTimeout;
  const originalSetInterval = window.setInterval;
  const originalRaf = window.requestAnimationFrame;
  const originalRic = window.requestIdleCallback;
  window.setTimeout = function setTimeout(callback, ...rest) {
    return originalSetTimeout.call(window, wrap(callback), ...rest);
  };
  window.setInterval = function setInterval(callback, ...rest) {
    return originalSetInterval.call(window, wrap(callback), ...rest);
  };
  window.requestAnimationFrame = function requestAnimationFrame(callback) {
    return originalRaf.call(window, wrap(callback));
  };
  window.requestIdleCallback = function requestIdleCallback(callback, options) {
    return originalRic.call(window, wrap(callback), options);
  };

  const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    enumerable: onmessage.enumerable,
    get() {
      return onmessage.get.call(this);
    },
    set(callback) {
      onmessage.set.call(this, wrap(callback));
    },
  });
  const addEventListener = MessagePort.prototype.addEventListener;
  MessagePort.prototype.addEventListener = function add(type, listener, options) {
    return addEventListener.call(this, type, type === 'message' ? wrap(listener) : listener, options);
  };

  // A stand-in React DevTools hook: React calls it on every commit (production builds too).
  const renderers = new Map();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers,
    inject(renderer) {
      const id = renderers.size + 1;
      renderers.set(id, renderer);
      return id;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const t = now();
      acc.commits += 1;
      acc.lastCommit = t;
      acc.last = Math.max(acc.last, t);
      acc.onCommit?.(root);
    },
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
})();
