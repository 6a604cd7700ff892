// The demo's Lit application. The mock API starts first (its module gates /api/ requests
// until msw's worker is ready); then the elements: the library's (<data-provider>,
// <data-boundary>) and the app's own, written with the Lit API; last, <data-devtools>.
import './mock/browser.js';
import {resetDb} from './mock/data.js';
import '../components/index.js';
import './app/article-feed.js';
import './app/most-viewed.js';
import './app/todo-panel.js';
import './app/request-log.js';
import '../components/devtools/index.js';
import {TodoResource} from './app/resources.js';

// Writes of the todo list made offline wait in IndexedDB: after a reload they are found again by their endpoints.
const provider = document.querySelector('data-provider');
if (provider) provider.offlineEndpoints = [TodoResource];

// The header button opens the devtools panel (it collapses back to its badge from inside).
document.querySelector('#open-devtools')?.addEventListener('click', () => document.querySelector('data-devtools')?.expand());

// "Reset data" forgets the mock server's changes and the provider's saved cache, then reloads.
document.querySelector('#reset-data')?.addEventListener('click', () => {
  resetDb();
  const provider = document.querySelector('data-provider');
  provider?.remove(); // stops saving before the saved state is deleted
  indexedDB.deleteDatabase('lit-data-elements-demo-writes');
  const deleting = indexedDB.deleteDatabase('lit-data-elements-demo');
  deleting.onsuccess = deleting.onerror = deleting.onblocked = () => location.reload();
});
