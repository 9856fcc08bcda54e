/**
 * Where the copyable examples of the guide, the agent skill and llms.txt point when the
 * operator has not set PUBLIC_BASE_URL: the address of a local `npm start` (port 8080).
 * It is a placeholder, and every document that shows it says so. The service never takes
 * its own address from a request's Host header, which any client can forge.
 */
export const PLACEHOLDER_BASE_URL = 'http://localhost:8080';
