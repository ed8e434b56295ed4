import { WORKSPACE_HEADER } from '../contract/workspaces';

/**
 * The workspace this tab works in, from its address: `/w/5/campaigns` is workspace 5's campaigns.
 * The address carries it so two tabs can show two workspaces; without the prefix the server uses
 * the person's first workspace (their own). Read once per page load: switching workspace loads
 * the app anew at the other prefix, so no query of one workspace is shown in another.
 */
const match = /^\/w\/(\d{1,10})(?=\/|$)/.exec(window.location.pathname);
export const currentWorkspaceId: number | null = match ? Number(match[1]) : null;

/** The router's base: every in-app link stays in this tab's workspace. */
export const workspaceBase = match ? match[0] : '';

/** Headers naming this tab's workspace, for every API call. */
export const workspaceHeaders = (): Record<string, string> =>
  currentWorkspaceId === null ? {} : { [WORKSPACE_HEADER]: String(currentWorkspaceId) };

/** An API link or download address (which carries no header) naming this tab's workspace. */
export function withWorkspace(url: string): string {
  if (currentWorkspaceId === null) return url;
  return `${url}${url.includes('?') ? '&' : '?'}workspace=${currentWorkspaceId}`;
}

/** The app's home in a workspace, for the switcher. */
export const workspaceHome = (id: number) => `/w/${id}/`;
