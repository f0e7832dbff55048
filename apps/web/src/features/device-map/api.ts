/** GET /v1/client/cauhinh: the map tile URL and attribution (PublicSettings). */
export const PUBLIC_SETTINGS_PATH = '/v1/client/cauhinh';
