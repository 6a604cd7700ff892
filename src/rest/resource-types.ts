import type {CollectionSchema, Denormalize, Entity, InvalidateSchema, Schema} from '../schema/index.js';
import type {RestEndpoint} from './rest-endpoint.js';
import type {RestEndpointOptions} from './rest-types.js';
import type {ShortenPath} from './shorten-path.js';
import type {ItemBody} from './item-body.js';

/**
 * The type-level description of a resource, inferred from its options: the
 * item path, the item schema, and the optional `body` and `searchParams`
 * type markers.
 *
 * @example
 * ```ts
 * type G = {path: '/articles/:id'; schema: typeof Article; body: {title: string}};
 * declare const articles: Resource<G>;
 * ```
 */
export interface ResourceGenerics {
  readonly path: string;
  readonly schema: unknown;
  readonly body?: unknown;
  readonly searchParams?: unknown;
}

/**
 * One member of a resource.
 *
 * @example
 * ```ts
 * const name: ResourceMember = 'partialUpdate';
 * ```
 */
export type ResourceMember = 'get' | 'getList' | 'create' | 'update' | 'partialUpdate' | 'delete';

/**
 * The part of the resource options the types read (inferred one property at
 * a time, so inline functions in the options keep their parameter types).
 *
 * @example
 * ```ts
 * type G = ResourceGenericsOf<{path: '/a/:id'; schema: typeof A; urlPrefix: string}>; // {path; schema}
 * ```
 */
export type ResourceGenericsOf<O> = {readonly [K in keyof O & keyof ResourceGenerics]: O[K]};

type EntityClass = typeof Entity & (abstract new (...args: any[]) => Entity);
type PathOf<O> = O extends {readonly path: infer P extends string} ? P : string;
type SchemaOf<O> = O extends {readonly schema: infer S} ? S : unknown;
/** The body marker when given, else the item's fields (see {@link ItemBody}). */
type BodyOf<O> = O extends {readonly body: infer B} ? B : ItemBody<SchemaOf<O>>;
type IsAny<T> = 0 extends 1 & T ? true : false;
type Scalar = string | number | bigint | boolean | null | undefined;
/**
 * What a query param may hold for a field of type `T`: the field's own values, or the text the
 * query string carries for them (`'true'` for `true`, `'3'` for `3`), as a value read from a URL
 * or a form is. Both give the same URL, and so the same cached list.
 */
type QueryValue<T> = T extends boolean | number | bigint ? T | `${T}` : T;
/** A field that is a string, number, bigint or boolean is matched, alone or as a list (`ids=1&ids=3`); any other is left open. */
type FieldParam<T> = [T] extends [Scalar] ? QueryValue<T> | readonly QueryValue<NonNullable<T>>[] : unknown;
/**
 * getList's params without a `searchParams` marker: any key, but a key named as one of the
 * item's fields takes that field's values, so `{completed: 'yes'}` for a boolean field is a
 * compile error.
 */
type ItemParams<S> =
  IsAny<S> extends true
    ? {}
    : unknown extends S
      ? {}
      : Denormalize<S> extends infer T
        ? T extends object
          ? {[K in keyof T as T[K] extends (...args: any[]) => unknown ? never : K]?: FieldParam<T[K]>}
          : {}
        : {};
type SearchOf<O> = O extends {readonly searchParams: infer S}
  ? {readonly searchParams: S}
  : {readonly searchParams: ItemParams<SchemaOf<O>> & Record<string, unknown>};
type ListSchema<O> = SchemaOf<O> extends Schema ? CollectionSchema<readonly [SchemaOf<O>]> : CollectionSchema;

/**
 * The generics of each member of a resource: what `Resource<O>` is made of,
 * and what `extend` overrides member by member.
 *
 * @example
 * ```ts
 * type G = ResourceMembers<{path: '/articles/:id'; schema: typeof Article}>['partialUpdate'];
 * // {path: '/articles/:id'; schema: typeof Article; method: 'PATCH'; body: ItemBody<typeof Article>}
 * ```
 */
export interface ResourceMembers<O = any> {
  readonly get: {readonly path: PathOf<O>; readonly schema: SchemaOf<O>; readonly body: undefined};
  readonly getList: {readonly path: ShortenPath<PathOf<O>>; readonly schema: ListSchema<O>; readonly body: undefined} & SearchOf<O>;
  readonly create: {
    readonly path: ShortenPath<PathOf<O>>;
    readonly schema: ListSchema<O>['push'];
    readonly method: 'POST';
    readonly body: BodyOf<O>;
  };
  readonly update: {readonly path: PathOf<O>; readonly schema: SchemaOf<O>; readonly method: 'PUT'; readonly body: BodyOf<O>};
  readonly partialUpdate: {readonly path: PathOf<O>; readonly schema: SchemaOf<O>; readonly method: 'PATCH'; readonly body: Partial<BodyOf<O>>};
  readonly delete: {
    readonly path: PathOf<O>;
    readonly schema: SchemaOf<O> extends EntityClass ? InvalidateSchema<SchemaOf<O>> : undefined;
    readonly method: 'DELETE';
    readonly body: undefined;
  };
}

/** Generics for each member (what `extend` may turn any member's into). */
type MemberGenerics = {readonly [K in ResourceMember]: unknown};

/** The member generics after `extend(overrides)`: each overridden member takes its new options' types. */
type ExtendedMembers<M extends MemberGenerics, X> = {
  readonly [K in ResourceMember]: K extends keyof X ? Omit<M[K], keyof X[K]> & X[K] : K extends 'create' ? CreateAfter<M, X> : M[K];
};

/** `create` follows a getList given another Collection (as `extend` does at run time). */
type CreateAfter<M extends MemberGenerics, X> = X extends {readonly getList: {readonly schema: infer L extends CollectionSchema<any>}}
  ? Omit<M['create'], 'schema'> & {readonly schema: L['push']}
  : M['create'];

/**
 * `createResource`'s options: `path` (of one item), `schema` (of one item),
 * `urlPrefix`, and any RestEndpoint option, which every member gets
 * (`getHeaders`, `fetchResponse`, `dataExpiryLength`...). `Endpoint` picks
 * the RestEndpoint subclass the members are made of, so a transform written
 * as a subclass applies to the whole resource. `body` types what create,
 * update and partialUpdate send; `searchParams` types getList's query.
 *
 * @example
 * ```ts
 * createResource({urlPrefix: 'https://api.example.com', path: '/articles/:id', schema: Article, Endpoint: CamelEndpoint});
 * ```
 */
export interface ResourceOptions extends Omit<RestEndpointOptions, 'path' | 'schema' | 'method' | 'name'> {
  /** Path template of one item; the list path is `shortenPath(path)`. */
  readonly path?: string;
  /** Schema of one item, usually an Entity class. */
  readonly schema?: unknown;
  /** The class of the members (a RestEndpoint subclass with the `(options)` constructor). */
  readonly Endpoint?: new (options: any) => RestEndpoint<any>;
}

/**
 * Per-member option overrides for `resource.extend`: each member takes the
 * options of its own endpoint, so the params and body a
 * `getOptimisticResponse` receives are typed.
 *
 * @example
 * ```ts
 * const overrides: ResourceOverrides<ResourceMembers<{path: '/todos/:id'; schema: typeof Todo}>> = {
 *   delete: {getOptimisticResponse: (_snap, params) => params},
 * };
 * ```
 */
export type ResourceOverrides<M extends MemberGenerics = ResourceMembers> = {
  readonly [K in ResourceMember]?: RestEndpointOptions<M[K]>;
};

/**
 * The endpoints `createResource` returns, and `extend` to override some of
 * their options. `M` holds each member's generics (see
 * {@link ResourceMembers}); `extend` returns a resource whose overridden
 * members carry their new types.
 *
 * @example
 * ```ts
 * const ArticleResource: Resource<{path: '/articles/:id'; schema: typeof Article}> =
 *   createResource({path: '/articles/:id', schema: Article});
 * ```
 */
export interface Resource<O = any, M extends MemberGenerics = ResourceMembers<O>> {
  /** GET `path`, the item schema. */
  readonly get: RestEndpoint<M['get']>;
  /** GET `shortenPath(path)`, `schema.Collection([schema])`; params that are not path parameters form the query. */
  readonly getList: RestEndpoint<M['getList']>;
  /** POST `shortenPath(path)`; the created item is added to every cached list it matches (`getList.push`'s schema). */
  readonly create: RestEndpoint<M['create']>;
  /** PUT `path`, the item schema. */
  readonly update: RestEndpoint<M['update']>;
  /** PATCH `path`, the item schema. */
  readonly partialUpdate: RestEndpoint<M['partialUpdate']>;
  /** DELETE `path`, `schema.Invalidate(schema)`; resolves with the body when it is an object that holds the pk, else the params. */
  readonly delete: RestEndpoint<M['delete']>;
  /**
   * A new resource whose named members have the given options overridden;
   * the others keep their definitions, and this resource is unchanged.
   */
  extend<const X extends ResourceOverrides<M>>(overrides: X): Resource<O, ExtendedMembers<M, X>>;
}
