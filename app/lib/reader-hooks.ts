/**
 * The contract between the markup and the reader script (app/reader-script/): the `data-*`
 * attributes by which the script finds what it enhances, named once in ./reader-hook-names.ts.
 * Components put them on with `hook(hooks.x)`, the script finds them with `hooked(hooks.x)` or
 * reads them with `getAttribute(hooks.x)`; neither side writes an attribute's name itself. (CSS
 * cannot import: app.css names a few of them as they are.) Named constants rather than an object,
 * so that the script's bundle holds each name once and no property names.
 */
export * as hooks from "./reader-hook-names";
import type * as names from "./reader-hook-names";

export type Hook = (typeof names)[keyof typeof names];

/** The selector of the elements carrying `hook`: `[data-…]`. */
export const hooked = (hook: Hook) => `[${hook}]`;

/** The props that put `hook` on an element, with its value if it carries one: `<form {...hook(hooks.commentForm)}>`. */
export const hook = (hook: Hook, value = "") => ({ [hook]: value });
