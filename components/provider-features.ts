import type {Controller} from '../src/core/index.js';

/**
 * What `<data-provider>` can do beyond providing a Controller when the
 * module that brings it was loaded: reading a snapshot into its own
 * Controller (`lit-data-elements/hydrate-support`). A page that does not
 * render on the server carries none of it.
 */
export const providerFeatures: {
  /** Starts a Controller from a snapshot (object or JSON text); reports a refused one. */
  hydrate?: (controller: Controller, snapshot: object | string) => unknown;
} = {};
