import {createContext} from './context.js';
import type {Controller} from '../core/index.js';

/**
 * The context through which `<data-provider>` hands its Controller to the
 * elements below it. Created with a global symbol, so an npm copy and a CDN
 * copy of the library on one page still meet.
 *
 * @example
 * ```ts
 * class MyEl extends LitElement {
 *   @consume({context: dataContext, subscribe: true}) controller?: Controller;
 * }
 * ```
 */
export const dataContext = createContext<Controller>(Symbol.for('data-elements/controller'));
