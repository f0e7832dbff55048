/**
 * The MQTT-over-WebSocket URL of a server: http://host:port → ws://host:port/mqtt
 * (https → wss), keeping any path prefix the server is mounted under.
 */
export function mqttUrlFromServer(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--server must be an http(s) URL: ${serverUrl}`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/mqtt`;
  url.search = '';
  url.hash = '';
  return url.toString();
}
