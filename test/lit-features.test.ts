// The features <data-resource> has, in a Lit component: optimistic defaults
// (optimisticResource), a list paged by its Link header (linkHeaderResource and the
// pagination part) and polling (the endpoint's pollFrequency). The test bodies are the ones
// test/elements-features.test.ts runs against the element.
import {fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import type {DataProvider} from '../components/data-provider.js';
import '../components/provider.js';
import {useController, useSuspense} from '../src/lit/index.js';
import {fetchNextPage, linkHeaderResource, nextPageArgs} from '../src/pagination/index.js';
import {createResource, optimisticResource} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {elementSuiteHooks, until} from './elements-fixtures.js';
import {defineUnique} from './helpers/lit-fixtures.js';
import {describeLinkHeaderPages, type MountPagedList} from './helpers/link-header-pages-body.js';
import {describeOptimisticDefaults, OPTIMISTIC_API, type MountTodoList} from './helpers/optimistic-defaults-body.js';
import {describePolling, type MountPolled} from './helpers/polling-body.js';

class LitTodo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'FeatureLitTodo';
}

class LitPost extends Entity {
  id = 0;
  title = '';
  static override key = 'FeatureLitPost';
}

class LitNote extends Entity {
  id = 0;
  title = '';
  static override key = 'FeatureLitNote';
}

/** Mounts `tag` under a fresh provider and waits until `ready` holds. */
async function mounted<T extends LitElement>(tag: string, ready: (el: T) => boolean): Promise<T> {
  const provider = await fixture<DataProvider>(`<data-provider><${tag}></${tag}></data-provider>`);
  const el = provider.querySelector(tag) as T;
  await until(() => ready(el), `<${tag}> shows its data`);
  return el;
}

const shadowItems = (el: Element) => [...(el.shadowRoot?.querySelectorAll('li') ?? [])];

const Todos = optimisticResource(createResource({path: `${OPTIMISTIC_API}/:id`, schema: LitTodo}));

class TodoList extends LitElement {
  readonly todos = useSuspense(this, Todos.getList);
  readonly ctl = useController(this);
  override render() {
    return html`<ul>${(this.todos.value ?? []).map(t => html`<li data-id=${t.id}>${t.title}${t.completed ? ' (done)' : ''}</li>`)}</ul>`;
  }
}
const todoTag = defineUnique('feature-todo-list', TodoList);

const mountTodoList: MountTodoList = async () => {
  const el = await mounted<TodoList>(todoTag, list => shadowItems(list).length > 0);
  return {
    rows: () => shadowItems(el).map(li => `${li.dataset['id']}:${li.textContent}`),
    create: body => el.ctl.fetch(Todos.create, body as never),
    replace: (params, body) => el.ctl.fetch(Todos.update, params as never, body as never),
    partialUpdate: (params, body) => el.ctl.fetch(Todos.partialUpdate, params as never, body as never),
    delete: params => el.ctl.fetch(Todos.delete, params as never),
  };
};

const Posts = linkHeaderResource(createResource({path: '/lh-api/posts/:id', schema: LitPost}), 'cursor');

class PostList extends LitElement {
  params: Record<string, unknown> = {};
  readonly posts = useSuspense(this, Posts.getList, () => this.params);
  readonly ctl = useController(this);
  override render() {
    return html`<ul>${(this.posts.value?.results ?? []).map(p => html`<li>${p.title}</li>`)}</ul>`;
  }
}
const postTag = defineUnique('feature-post-list', PostList);

const mountPagedList: MountPagedList = async params => {
  const provider = await fixture<DataProvider>(`<data-provider></data-provider>`);
  const el = Object.assign(document.createElement(postTag) as PostList, {params});
  provider.append(el);
  await until(() => shadowItems(el).length > 0, 'the first page');
  const controller = () => el.ctl.controller!;
  return {
    titles: () => shadowItems(el).map(li => li.textContent ?? ''),
    hasMore: () => nextPageArgs(controller(), Posts.getList, params) !== undefined,
    loadNextPage: () => fetchNextPage(controller(), Posts.getList, params),
    create: body => el.ctl.fetch(Posts.create, body as never),
  };
};

const mountPolled: MountPolled = async frequency => {
  const Notes = createResource({path: '/poll-api/notes/:id', schema: LitNote, ...(frequency ? {pollFrequency: frequency} : {})});
  class PolledNote extends LitElement {
    readonly note = useSuspense(this, Notes.get, {id: 1});
    override render() {
      return html`<p>${this.note.value?.title}</p>`;
    }
  }
  const el = await mounted<PolledNote>(defineUnique('feature-polled-note', PolledNote), note => note.note.value !== undefined);
  return {title: () => el.shadowRoot?.querySelector('p')?.textContent ?? undefined};
};

describe('features in a Lit component', () => {
  elementSuiteHooks();
  describeOptimisticDefaults(mountTodoList);
  describeLinkHeaderPages(mountPagedList);
  describePolling(mountPolled);
});
