/** Types of the njs module media-url.js (run by nginx; imported by the test that checks it). */
declare const mediaUrl: {
  verify(request: { uri: string }): 'ok' | 'expired' | 'invalid';
};
export default mediaUrl;
