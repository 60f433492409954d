// Matchers such as toBeInTheDocument / toHaveAttribute for every web test.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router encodes with TextEncoder at import time; jsdom does not provide it.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// A data router (createMemoryRouter, needed for useBlocker) wraps every navigation in a fetch
// `Request`; jsdom has no fetch API. This stand-in carries what the router reads (url, method,
// signal, headers, body); tests that exercise real fetch semantics must not rely on it.
if (typeof globalThis.Request === 'undefined') {
  class RequestStandIn {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly headers: Headers;
    readonly body: unknown;
    constructor(input: string | URL | RequestStandIn, init: RequestInit = {}) {
      this.url = input instanceof RequestStandIn ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.headers = new Headers(init.headers);
      this.body = init.body ?? null;
    }
  }
  Object.defineProperty(globalThis, 'Request', { configurable: true, writable: true, value: RequestStandIn });
}

// ---------------------------------------------------------------- jsdom gaps Radix UI relies on
// Radix Select/DropdownMenu call pointer capture and scrollIntoView, and measure with ResizeObserver;
// jsdom has none of them. matchMedia is absent too (the theme reads prefers-color-scheme): a
// "matches nothing" stub by default; tests that need a preference replace window.matchMedia.
if (typeof window !== 'undefined') {
  const elementProto = window.HTMLElement.prototype as HTMLElement & Record<string, unknown>;
  if (!elementProto.hasPointerCapture) elementProto.hasPointerCapture = () => false;
  if (!elementProto.setPointerCapture) elementProto.setPointerCapture = () => undefined;
  if (!elementProto.releasePointerCapture) elementProto.releasePointerCapture = () => undefined;
  if (!elementProto.scrollIntoView) elementProto.scrollIntoView = () => undefined;

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, writable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, 'ResizeObserver', {
      configurable: true,
      writable: true,
      value: ResizeObserverStub,
    });
  }

  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string): MediaQueryList =>
        ({
          matches: false,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    });
  }
}
