import { type AjaxAnswer, ajaxUrl } from '../form-client.ts';

/**
 * Sends a filled-in form that carries files to `/ajax` with XMLHttpRequest, whose upload
 * reports how much has gone (fetch cannot), as a whole percentage. Resolves with the answer
 * like `submitEntry`; rejects on a network failure or an answer that is not JSON.
 */
export function submitWithProgress(
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<AjaxAnswer> {
  body.set('action', 'qforms_submit');
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ajaxUrl);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      try {
        const answer = JSON.parse(request.responseText) as AjaxAnswer;
        if (typeof answer === 'object' && answer !== null && 'success' in answer) {
          onProgress(100);
          resolve(answer);
          return;
        }
      } catch {
        // Not JSON: reported below like any other unreadable answer.
      }
      reject(new Error(`Unexpected answer from ${ajaxUrl} (${request.status})`));
    });
    request.addEventListener('error', () => reject(new Error('Network error')));
    request.addEventListener('abort', () => reject(new Error('The upload was stopped')));
    request.send(body);
  });
}
