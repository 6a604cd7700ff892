// The elements' messages and the Lit readers' `data-error` share one wording of an error.
export {errorMessage} from '../src/lit/internal.js';
