/** Section 7, file download URL: built from uuid and workRequestId, or the older servers' address. */
import type { NewAgentFileTransferNotificationBody } from '../../../generated/chat-socket.js';
import { safeUrl } from './safe-url.js';

/** The download URL, or null when the frame gives no safe way to build one. */
export function fileDownloadUrl(
  body: NewAgentFileTransferNotificationBody,
  template: string,
  apiEndpointsDomain: string,
  fallbackWorkRequestId: string | null,
): string | null {
  const address = body.address === undefined || body.address === '' ? null : safeUrl(body.address);
  if (address !== null) return address;
  if (body.uuid === undefined || body.uuid === '') return null;
  const workRequestId = body.workRequestId ?? fallbackWorkRequestId ?? '';
  const path = template
    .replaceAll('{workRequestId}', encodeURIComponent(workRequestId))
    .replaceAll('{uuid}', encodeURIComponent(body.uuid));
  // A relative template is served by the API domain, like every other REST path.
  return safeUrl(path.startsWith('/') ? `${apiEndpointsDomain}${path}` : path);
}
