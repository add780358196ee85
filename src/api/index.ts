/**
 * The typed client, for code running inside WordPress. Node code imports ./node instead.
 */
export * from './client';
export * from './errors';
export * from './transport';
export * from './types';
export { api, apiFetchTransport } from './wp';
