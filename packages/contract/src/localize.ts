import type { Locale } from './constants';
import { RIGHTS, SERVER_ACTOR, type RightValue } from './constants';
import { INPUT_MESSAGES } from './inputMessages';
import { englishOfText } from './messagesEn';
import { PLAY_END_REASONS } from './playReasons';
import { LIVE_ENDED_TEXTS, LIVE_MESSAGES } from './live';
import { API_KEY_MESSAGES } from './schemas/apiKeys';
import { PROVINCE_MESSAGES } from './schemas/province';
import { TTS_MESSAGES } from './schemas/tts';
import { ENROLMENT_MESSAGES } from './schemas/enrolment';
import { AREA_GEOGRAPHY_MESSAGES, CAP_LABELS, CAP_MESSAGES, CAP_NOTES } from './schemas/cap';
import { AS_RUN_REASONS } from './schemas/asRun';
import { NOTIFICATION_TEXTS } from './schemas/notifications.texts';
import { NOTIFICATION_TEXTS_EN } from './notificationTextsEn';

/**
 * The English wording of the message groups that are read after the page has loaded (issue #28
 * item 9): API keys, the province connector, text to speech, enrolment, CAP alerts and their
 * outcomes, area geography, live voice, input checks, as-run reasons, rights, play reasons, the
 * notifications (notificationTextsEn.ts) and the server's own name. Apart from messagesEn.ts so the
 * console's first load carries none of it (the console loads it with its English strings; the
 * server answers English errors with it).
 *
 * A message made by a function (as-run reasons, input checks, CAP outcomes) has an English function
 * of the same parameters; a message with `{name}` placeholders has them in English too. Both become
 * templates: the Vietnamese text is matched, and its parts (names, numbers, an inner message)
 * are put into the English sentence, an inner message itself translated.
 */
/** The English of a Vietnamese group: a string for each string, a function of the same parameters for each function. */
export type Wording<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends (...args: infer A) => string ? (...args: A) => string : never;
};
type Group = Record<string, string | ((...args: never[]) => string)>;

const API_KEY_EN: Wording<typeof API_KEY_MESSAGES> = {
  nameRequired: 'The API key name must not be empty (at most 100 characters)!',
  nameTaken: 'An API key in use has this name already, choose another!',
  rateInvalid: API_KEY_MESSAGES.rateInvalid.replace(/^.*?(\d+)!$/, 'The calls-per-minute limit must be from 1 to $1!'),
  unknown: 'The API key does not exist or is not yours to manage!',
  alreadyRevoked: 'This API key has been revoked already!',
  administratorsOnly: 'Only administrators with the account-management right may manage API keys!',
  invalid: 'Invalid API key!',
  revoked: 'The API key has been revoked!',
  tooManyRequests: 'This API key made more calls than allowed in a minute, please try again later!',
  notForKeys: 'This is for signed-in users only, not for API keys!',
};

const PROVINCE_EN: Wording<typeof PROVINCE_MESSAGES> = {
  notConfigured: 'The link to the province information-source system is not set up (HTTT_NGUON_URL)!',
  messageUnknown: 'The message does not exist or is not yours to manage!',
  notRetryable: 'This message has been sent already, it needs no retry!',
  keysOnly: 'Only the province information-source system (calling with an API key) may send bulletins and commands here!',
  areaUnknown: 'An area in the bulletin does not exist or is outside this API key\'s scope!',
  deviceUnknown: 'A device in the bulletin does not exist or is outside this API key\'s scope!',
  noArea: 'A bulletin needs at least one receiving area (diaban)!',
  noContent: 'A bulletin needs content: an audio file (tepamthanh) or a relay address (tiepsong)!',
  relayDurationRequired: 'Relayed content needs a duration (thoiluong, seconds)!',
  timeRequired: 'A bulletin that is not an emergency needs a play time (thoigianphat) or a schedule (lichphat)!',
  timeInPast: 'The bulletin\'s play time has passed!',
  audioFailed: 'The bulletin\'s audio file could not be fetched',
  bulletinUnknown: 'No bulletin with this code (mabantin) was received from the information-source system!',
  nothingToStop: 'This bulletin is no longer playing!',
  volumeTargetRequired: 'A volume command must name an area (diaban) or a device (thietbi)!',
  inProgress: 'A bulletin or command with this code is being processed, please wait for the result!',
};

const TTS_EN: Wording<typeof TTS_MESSAGES> = {
  engineUnknown: 'There is no such text-to-speech engine, or it is not set up!',
};

const ENROLMENT_EN: Wording<typeof ENROLMENT_MESSAGES> = {
  areaUnknown: 'The area does not exist or is outside your scope!',
  countRange: 'A code is good for 1 to 2000 uses!',
  hoursRange: 'A code lasts 1 to 720 hours!',
  codeUnknown: 'The enrolment code does not exist or is outside your scope!',
  alreadyRevoked: 'This enrolment code has been revoked already!',
  refused: 'The enrolment code is wrong, expired, revoked or used up!',
  identityRequired: 'The speaker\'s hardware identity (machine-id) is missing!',
  pendingUnknown: 'The speaker waiting for assignment does not exist or is outside your scope!',
  replacedUnknown: 'The device to replace does not exist or is outside your scope!',
  notSameHardware: 'This speaker is not the same hardware (serial, IMEI or machine-id) as the chosen device!',
  handoverUnknown: 'There is no handover for this speaker!',
};

const CAP_EN: Wording<typeof CAP_MESSAGES> = {
  empty: 'No CAP alert content (the request body needs an XML document)!',
  notXml: 'Send the CAP alert as XML (Content-Type: application/cap+xml, application/xml or text/xml)!',
  tooLarge: CAP_MESSAGES.tooLarge.replace(/^.*?(\d+) MB.*$/, 'The CAP document is over $1 MB, Loa does not take it!'),
  doctype: 'The XML document declares a DOCTYPE or an ENTITY: Loa does not accept it (against entity expansion and external entities)!',
  malformed: 'Invalid XML document: {reason}',
  notCap: 'The document is not a CAP 1.2 alert (it needs an <alert> element in the namespace urn:oasis:names:tc:emergency:cap:1.2)!',
  invalid: 'The CAP alert does not follow the CAP 1.2 schema: {detail}',
  noInfo: 'The CAP alert has no <info> part to broadcast!',
  noArea: 'The CAP alert has no usable alert area (<area> with <geocode>, <polygon> or <circle>): Loa does not know where to broadcast!',
  unknownGeocodes: 'Area codes (geocode) not in the system: {codes}',
  noAreaMatched: 'None of Loa\'s areas lies in the alert area (polygon, circle or area code)!',
  outOfScope: 'The alert area includes areas outside the scope of this API key or account: {areas}',
  polygonTooLarge: 'Polygon {n} of the alert has {count} points, over the limit of 5000 points per polygon: Loa does not take it. Simplify the polygon or use area codes (geocode)!',
  alertTooLarge: 'The alert\'s polygons have {count} points in all, over the limit of 10000 points per alert: Loa does not take it. Simplify the alert area or use area codes (geocode)!',
  tooManyShapes: 'The alert has {count} polygons and circles, over the limit of 100 per alert: Loa does not take it. Merge the alert areas or use area codes (geocode)!',
  tooSlow: 'Processing the CAP alert took longer than allowed ({ms} ms), Loa does not take it: send a smaller document, a simpler alert area or area codes (geocode)!',
  expired: 'The CAP alert expired at {expires} (<expires>), Loa does not broadcast it!',
  refsOutOfScope: 'The referenced alerts ({alerts}) are outside the scope of this API key or account: Loa changes nothing!',
  noDevices: 'The areas of the alert have no devices yet!',
  duplicate: 'This alert was received before (same sender, identifier and sent): not processed again.',
  feedUrlInvalid: 'A CAP feed address must be a valid http(s) URL!',
  feedExists: 'This CAP feed exists already!',
  feedUnknown: 'The CAP feed does not exist or is not yours to manage!',
  feedFromConfig: 'This CAP feed is configured on the server (CAP_FEEDS) and cannot be removed here!',
  feedStatus: 'The CAP feed answered HTTP {status}',
  feedGaveUp: 'given up after {n} failed attempts',
  feedPending: '{n} alert documents not fetched yet, will retry',
  feedUnreadable: 'The CAP feed is not Atom, RSS or a CAP alert!',
};

const CAP_NOTES_EN: Wording<typeof CAP_NOTES> = {
  cancelled: (done) => `Cancelled: ${done}.`,
  nothingCancelled: 'The cancelled alert was not found.',
  notBroadcastType: (msgType) => `A "${msgType}" message needs no broadcast.`,
  notBroadcastStatus: (status) => `A message with status "${status}" is not broadcast.`,
  broadcastNow: (areas, waiting, done) => `Broadcast at once to ${areas}${waiting ? `; ${waiting}` : ''}.${done ? ` Before that: ${done}.` : ''}`,
  draft: (areas, severity, urgency, done) => `Draft awaiting approval for ${areas}. Severity: ${severity}; urgency: ${urgency}.${done ? ` Before that: ${done}.` : ''}`,
  stoppedBulletin: (title) => `stopped the bulletin "${title}"`,
  removedDraft: (title) => `removed the draft "${title}"`,
  unchanged: (title, reason) => `could not change "${title}": ${reason}`,
  nothingLeft: 'the earlier alert had ended, nothing was left to stop',
  waiting: (title, speakers) => `waiting for the bulletin "${title}" to end on ${speakers} speakers`,
  serverError: 'server error',
};

const CAP_LABELS_EN = {
  severity: { Extreme: 'Extreme', Severe: 'Severe', Moderate: 'Moderate', Minor: 'Minor', Unknown: 'Unknown' },
  urgency: { Immediate: 'Immediate, act now', Expected: 'Act soon, within the hour', Future: 'Prepare', Past: 'Past', Unknown: 'Unknown' },
  msgType: { Alert: 'Alert', Update: 'Update', Cancel: 'Cancel', Ack: 'Acknowledgement', Error: 'Error' },
} as const satisfies { [K in keyof typeof CAP_LABELS]: Record<keyof (typeof CAP_LABELS)[K], string> };

const AREA_GEOGRAPHY_EN: Wording<typeof AREA_GEOGRAPHY_MESSAGES> = {
  geocodeInvalid: 'An area code (geocode) has only letters, digits and . _ - (at most 64 characters)!',
  geocodeTaken: 'This area code (geocode) is used by another area already!',
  boundaryInvalid: 'A boundary must be a GeoJSON Polygon or MultiPolygon ([longitude, latitude] coordinates, each ring closed, at least 4 points)!',
  importInvalid: 'The GeoJSON file must be a FeatureCollection (or Feature) with a "ma" (area code) or "ten" (area name) property on every shape!',
  importNoMatch: 'No shape in the file matches an area in your scope (by code or name)!',
};

const LIVE_EN: Wording<typeof LIVE_MESSAGES> = {
  micDenied: 'The browser was refused the microphone. Allow the microphone for this page (the padlock in the address bar) and try again!',
  micAbsent: 'No microphone was found on this computer. Plug one in and try again!',
  micBusy: 'Another program is using the microphone: close it and try again!',
  micUnsupported: 'This browser cannot record from the microphone (it needs HTTPS or localhost)!',
  notConnected: 'Not connected to the server yet, try again in a moment!',
  notAudio: 'The data sent is not valid MP3 audio: the live session has stopped!',
  tooBig: LIVE_MESSAGES.tooBig.replace(/^.*?(\d+) KB và (\d+) ms.*$/, 'An audio packet is too large (at most $1 KB and $2 ms): the live session has stopped!'),
  tooFast: 'Audio was sent faster than real time: the live session has stopped!',
  notYourStream: 'This live session is not yours!',
  alreadyLive: 'You are live from this sign-in already: stop before going live again!',
  signedOut: 'Your session has ended: sign in again to go live!',
  badOrigin: 'The connection does not come from the system\'s page (wrong origin or no anti-forgery token): going live is not allowed!',
  silence: LIVE_MESSAGES.silence.replace(/^.*?(\d+) giây!$/, 'The live broadcast stopped because the server received no audio for $1 seconds!'),
  disconnected: 'The live broadcast stopped because the connection to the server was lost!',
  stopped: 'Live broadcast stopped!',
  stoppedByOther: 'The live broadcast was stopped (from its card in "On air" or the "Stop broadcast" button)!',
  started: 'Live on air!',
  notLive: 'No live session is running!',
  streamGone: 'The live session has ended!',
};

const LIVE_ENDED_EN: Wording<typeof LIVE_ENDED_TEXTS> = {
  anotherOfficer: 'another officer',
  otherBulletin: 'another bulletin',
  stopped: (who, at) => `Your live broadcast was stopped by ${who} at ${at}!`,
  takenOver: (who, at, title) => `Your live broadcast was interrupted by ${who} at ${at} to play ${title ? `"${title}"` : 'another bulletin'}!`,
};

type InputSentences = Omit<typeof INPUT_MESSAGES, 'kinds' | 'formats'>;
const INPUT_EN: Wording<InputSentences> = {
  unsafeText: (label) => `The field "${label}" holds an invalid character (a null character, a text-direction character or broken Unicode). Delete it and type again!`,
  required: (label) => `You have not filled in the field "${label}"!`,
  mustBe: (label, kind) => `The field "${label}" must be ${kind}!`,
  empty: (label) => `The field "${label}" must not be empty!`,
  minLength: (label, n) => `The field "${label}" needs at least ${n} characters!`,
  maxLength: (label, n) => `The field "${label}" is longer than the ${n} characters allowed!`,
  minItems: (label, n) => `The field "${label}" needs at least ${n} items!`,
  maxItems: (label, n) => `The field "${label}" has more than the ${n} items allowed!`,
  minNumber: (label, n, inclusive) => `The field "${label}" must be ${inclusive ? 'at least' : 'more than'} ${n}!`,
  maxNumber: (label, n, inclusive) => `The field "${label}" must be ${inclusive ? 'at most' : 'less than'} ${n}!`,
  multipleOf: (label, n) => `The field "${label}" must be a multiple of ${n}!`,
  format: (label, what) => `The field "${label}" is not a valid ${what}!`,
  oneOf: (label, values) => `The field "${label}" takes only one of: ${values}!`,
  unknownFields: (names) => `The data sent has fields that are not allowed: ${names}!`,
  invalid: (label) => `The field "${label}" is invalid!`,
  bodyInvalid: 'The data sent is invalid, check the fields you entered!',
};
/** Value kinds and text formats, as the input sentences name them. */
export const INPUT_KINDS_EN: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', bigint: 'a whole number', boolean: 'true or false', array: 'a list',
  object: 'a group of details', date: 'a valid date', null: 'empty',
};
export const INPUT_FORMATS_EN: Record<string, string> = {
  email: 'e-mail', url: 'address (URL)', uuid: 'id (UUID)', regex: 'format', datetime: 'date and time', date: 'date', time: 'time',
  ipv4: 'IPv4 address', ipv6: 'IPv6 address', starts_with: 'format', ends_with: 'format', includes: 'format',
};

const AS_RUN_REASONS_EN: Wording<typeof AS_RUN_REASONS> = {
  stoppedBy: (name, at) => `Stopped by ${name} at ${at}`,
  cutBy: (name, at) => `Cut off${name ? ` by ${name}` : ''} at ${at}`,
  takenOverBy: (name, at) => `Played over by ${name ?? 'another officer'} with a bulletin of the same priority at ${at}`,
  serverDown: 'The server stopped before the programme finished',
  devicesCut: (n) => `${n} speakers cut off by a higher-priority bulletin`,
  devicesTakenOver: (n) => `${n} speakers played over by another officer (same priority)`,
  devicesOffline: (n) => `${n} speakers offline at the start`,
  playedOffline: (n) => `${n} speakers played while offline and reported later`,
  devicesSilent: (n) => `${n} speakers did not report playing`,
  devicesError: (n, message) => `${n} speakers reported an error${message ? `: ${message}` : ''}`,
  noDevices: 'The area has no speakers',
  missedServerDown: 'The server was down at the play time',
  missedAllOffline: 'No speaker was online at the play time',
  missedNotStarted: 'The programme could not start at the play time',
  missedNoRecord: 'The scheduler has no record of playing it',
  missedNotApproved: 'Not approved before the play time',
  approvedLate: 'Approved or edited after the play time',
  awaitingApproval: 'Awaiting approval',
};

/** The rights' labels (RIGHTS[].quyen): account chips, the rights checkboxes, API keys, the no-right notice. */
const RIGHT_LABELS_EN: Record<RightValue, string> = {
  themsuaxoalichphat: 'Write, edit, delete and broadcast programmes',
  dungphatchuongtrinh: 'Stop other people\'s broadcasts',
  duyetlichphat: 'Approve schedules',
  quanlythietbi: 'Manage devices and areas',
  quanlytaikhoan: 'Manage accounts',
  xemnhatky: 'View the system log',
};

const SERVER_ACTOR_EN: Wording<typeof SERVER_ACTOR> = { ip: 'server', commandLine: 'Server (command line)' };

const PLAY_END_EN: Record<string, string> = {
  stopped: 'Stopped on the server\'s command',
  preempted: 'Cut off by a higher-priority bulletin (resumes when that one ends)',
  takenOver: 'Cut off: another officer played over it with a bulletin of the same priority',
  reboot: 'The speaker restarted',
  shutdown: 'The speaker software stopped or the speaker was switched off',
};
/** The other words of playReasonText (playReasons.ts), `{x}` where it fills in a code. */
const PLAY_REASON_PAIRS: [string, string][] = [
  ['Phát hết', 'Played to the end'],
  ['Lỗi phát không rõ nguyên nhân', 'Play error of unknown cause'],
  ['Trình phát của loa báo lỗi (chi tiết trong nhật ký của loa)', 'The speaker\'s player reported an error (details in the speaker\'s log)'],
  ['Không tải được âm thanh (máy chủ trả lỗi {x})', 'Could not fetch the audio (the server answered {x})'],
  ['Không tải được âm thanh ({x})', 'Could not fetch the audio ({x})'],
  ['Không tải được âm thanh', 'Could not fetch the audio'],
  ['Địa chỉ âm thanh không hợp lệ', 'Invalid audio address'],
  ['Không nhận được luồng phát trực tiếp (HTTP {x})', 'Could not receive the live stream (HTTP {x})'],
  ['Mất kết nối với luồng phát trực tiếp', 'Lost the live stream'],
  ['Không tải được nguồn tiếp sóng (HTTP {x})', 'Could not fetch the relay source (HTTP {x})'],
  ['Không tải được nguồn tiếp sóng (máy chủ nguồn không gửi dữ liệu)', 'Could not fetch the relay source (its server sent no data)'],
  ['Không tải được nguồn tiếp sóng (không tìm thấy tên máy chủ nguồn)', 'Could not fetch the relay source (its server name was not found)'],
  ['Không tải được nguồn tiếp sóng (không kết nối được máy chủ nguồn)', 'Could not fetch the relay source (could not connect to its server)'],
  ['Nguồn phát không phải âm thanh MP3 ({x})', 'The source is not MP3 audio ({x})'],
  ['Nguồn phát không phải âm thanh MP3', 'The source is not MP3 audio'],
  ['Không mở được tệp âm thanh trên loa', 'Could not open the audio file on the speaker'],
  ['Trình phát của loa bị lỗi (mã {x})', 'The speaker\'s player failed (code {x})'],
];

const lower = (labels: Record<string, string>) => Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, v.toLowerCase()]));
/** Every group (Vietnamese, English); built when first asked for, so a bundle that only reads a constant here carries none of it. */
export const englishGroups = (): [Group, Group][] => [
  [API_KEY_MESSAGES, API_KEY_EN], [PROVINCE_MESSAGES, PROVINCE_EN], [TTS_MESSAGES, TTS_EN], [ENROLMENT_MESSAGES, ENROLMENT_EN],
  [CAP_MESSAGES, CAP_EN], [CAP_NOTES, CAP_NOTES_EN], [CAP_LABELS.severity, CAP_LABELS_EN.severity], [CAP_LABELS.urgency, CAP_LABELS_EN.urgency],
  [lower(CAP_LABELS.urgency), lower(CAP_LABELS_EN.urgency)], [CAP_LABELS.msgType, CAP_LABELS_EN.msgType],
  [AREA_GEOGRAPHY_MESSAGES, AREA_GEOGRAPHY_EN], [LIVE_MESSAGES, LIVE_EN], [LIVE_ENDED_TEXTS, LIVE_ENDED_EN],
  [INPUT_MESSAGES as unknown as Group, INPUT_EN], [INPUT_MESSAGES.kinds, INPUT_KINDS_EN], [INPUT_MESSAGES.formats, INPUT_FORMATS_EN],
  [AS_RUN_REASONS, AS_RUN_REASONS_EN], [Object.fromEntries(RIGHTS.map((r) => [r.value, r.quyen])), RIGHT_LABELS_EN],
  [SERVER_ACTOR, SERVER_ACTOR_EN], [PLAY_END_REASONS, PLAY_END_EN], [NOTIFICATION_TEXTS, NOTIFICATION_TEXTS_EN],
  [Object.fromEntries(PLAY_REASON_PAIRS.map(([vi], i) => [i, vi])), Object.fromEntries(PLAY_REASON_PAIRS.map(([, en], i) => [i, en]))],
];

const MARK = '\uE000';
const marker = (name: string) => `${MARK}${name}${MARK}`;
const MARKERS = /\uE000(\w+)\uE000/g;

interface Template {
  pattern: RegExp;
  english: string;
  /** Characters that are not placeholders: the more, the more specific (tried first). */
  literal: number;
}

function compile(vi: string, en: string): Template | null {
  const parts = vi.split(/\uE000(\w+)\uE000/);
  if (parts.length === 1) return null;
  const seen = new Set<string>();
  const source = parts.map((part, i) => {
    if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (seen.has(part)) return `\\k<${part}>`;
    seen.add(part);
    return `(?<${part}>[\\s\\S]+?)`;
  }).join('');
  const literal = parts.filter((_, i) => i % 2 === 0).join('').length;
  return literal < 4 ? null : { pattern: new RegExp(`^${source}$`), english: en, literal };
}

/** A function's sentences with placeholders: each parameter given once as a placeholder and once as null (its other branch). */
function sentencesOf(vi: (...args: unknown[]) => string, en: (...args: unknown[]) => string): [string, string][] {
  const arity = vi.length;
  const out: [string, string][] = [];
  for (let mask = 0; mask < 1 << arity; mask += 1) {
    const args = Array.from({ length: arity }, (_, i) => ((mask >> i) & 1 ? null : marker(`p${i}`)));
    try {
      out.push([vi(...args), en(...args)]);
    } catch {
      // A parameter used as an object: that branch has no sentence.
    }
  }
  return out;
}

interface Tables { exact: Map<string, string>; templates: Template[] }
let tables: Tables | null = null;

/** Built on first use (and so never in a bundle that does not call it). */
function build(): Tables {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  const add = (vi: string, en: string) => {
    const template = compile(vi, en);
    if (template) templates.push(template);
    else if (!vi.includes(MARK) && !exact.has(vi)) exact.set(vi, en);
  };
  for (const [vi, en] of englishGroups()) {
    for (const key of Object.keys(vi)) {
      const text = vi[key];
      const wording = en[key];
      if (typeof text === 'function' && typeof wording === 'function') {
        for (const [v, e] of sentencesOf(text as (...args: unknown[]) => string, wording as (...args: unknown[]) => string)) add(v, e);
      } else if (typeof text === 'string' && typeof wording === 'string') {
        const placeholders = (s: string) => s.replace(/\{(\w+)\}/g, (_, name: string) => marker(name));
        add(placeholders(text), placeholders(wording));
      }
    }
  }
  templates.sort((a, b) => b.literal - a.literal);
  return { exact, templates };
}

function english(text: string, depth: number): string | null {
  const known = englishOfText(text);
  if (known !== undefined) return known;
  tables ??= build();
  const exact = tables.exact.get(text);
  if (exact !== undefined) return exact;
  if (depth > 3) return null;
  for (const template of tables.templates) {
    const match = template.pattern.exec(text);
    if (match) return template.english.replace(MARKERS, (_, name: string) => part(match.groups?.[name] ?? '', depth + 1));
  }
  return null;
}

/** A part of a sentence: an inner message translated, a list of them ('; ') each translated, anything else (a name, a number) as it is. */
function part(value: string, depth: number): string {
  const whole = english(value, depth);
  if (whole !== null) return whole;
  return value.includes('; ') ? value.split('; ').map((v) => english(v, depth) ?? v).join('; ') : value;
}

/** A product message in the given language: the English wording, or the text as is (Vietnamese, or one with no wording). */
export function localizeMessage(text: string, locale: Locale): string {
  return locale === 'en' ? (english(text, 0) ?? text) : text;
}
