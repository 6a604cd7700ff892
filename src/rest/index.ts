export {RestEndpoint} from './rest-endpoint.js';
export {shortenPath, type ShortenPath} from './shorten-path.js';
export type {PathArgs, PathValue, HasPathParams} from './path-args.js';
export type {RestGenerics, GenericsOf, AnyRestGenerics, IsLoose, RestParams, RestBody, RestArgs, RestFullArgs, RestResolve, RestEndpointOptions} from './rest-types.js';
export {createResource} from './create-resource.js';
export {bodyOrParams} from './body-or-params.js';
export type {Resource, ResourceGenerics, ResourceGenericsOf, ResourceMember, ResourceMembers, ResourceOptions, ResourceOverrides} from './resource-types.js';
export type {ItemBody} from './item-body.js';
export {parsePath, type PathToken} from './path-syntax.js';
