/** Section 7, file download URL: built from uuid and workRequestId, or the older servers' address. */
import type { NewAgentFileTransferNotificationBody } from '../../../generated/chat-socket.js';

export function fileDownloadUrl(
  body: NewAgentFileTransferNotificationBody,
  template: string,
  apiEndpointsDomain: string,
  fallbackWorkRequestId: string | null,
): string {
  if (body.address !== undefined && body.address !== '') return body.address;
  const workRequestId = body.workRequestId ?? fallbackWorkRequestId ?? '';
  const path = template
    .replaceAll('{workRequestId}', encodeURIComponent(workRequestId))
    .replaceAll('{uuid}', encodeURIComponent(body.uuid ?? ''));
  // A relative template is served by the API domain, like every other REST path.
  return path.startsWith('/') ? `${apiEndpointsDomain}${path}` : path;
}
