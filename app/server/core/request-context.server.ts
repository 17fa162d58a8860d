import { createContext, type RouterContext, type RouterContextProvider } from "react-router";

/**
 * A load-context key that the server and the built app agree on. They are separate module graphs
 * (build/node and build/server), each with its own copy of this module, and React Router finds a
 * context's value by its key object: so the key is made once, in a global slot, as services() is.
 */
export function sharedContextKey<T>(name: string): RouterContext<T> {
  const slot = Symbol.for(`the-educator.context.${name}`);
  const holder = globalThis as { [slot]?: RouterContext<T> };
  return (holder[slot] ??= createContext<T>());
}

/**
 * What the server worked out of a request before React Router saw it, handed to loaders, actions
 * and the renderer through the load context (never as request headers a client could forge).
 */
export interface RequestValues {
  /** The client's address as the server read it (behind `TRUST_PROXY` only): a rate-limit key, never stored with content. */
  clientAddress: string;
  /** The CSP nonce of a hydrated page's answer; "" where the answer carries none (reader pages). */
  cspNonce: string;
}

const requestValuesKey = sharedContextKey<RequestValues>("request-values");

export function requestValues(context: Readonly<RouterContextProvider>): RequestValues {
  return context.get(requestValuesKey);
}

export function setRequestValues(context: RouterContextProvider, values: RequestValues) {
  context.set(requestValuesKey, values);
}
