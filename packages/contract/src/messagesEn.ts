import type { Locale } from './constants';
import { MSG } from './messages';
import { ACCOUNT_MESSAGES } from './schemas/accounts.messages';
import { SYSTEM_LOG_MESSAGES } from './schemas/systemLog.messages';
import { NOTIFICATION_MESSAGES } from './schemas/notifications.messages';
import { AREA_MESSAGES } from './schemas/areas.messages';
import { DEVICE_MESSAGES } from './schemas/devices.messages';
import { BROADCAST_MESSAGES } from './schemas/broadcast.messages';
import { SCHEDULE_MESSAGES } from './schemas/schedules.messages';
import { HOLIDAY_MESSAGES } from './schemas/holidays.messages';
import { OUTBOUND_MESSAGES } from './schemas/outbound.messages';
import { AS_RUN_MESSAGES } from './schemas/asRun.messages';
import { ENROLMENT_MESSAGES } from './schemas/enrolment.messages';
import { UPDATE_MESSAGES } from './schemas/updates';

/**
 * The English wording of every message group (issue #28): each table has every key of its
 * Vietnamese group (the types say so), so a message added in Vietnamese only does not compile.
 * The server answers in the console's language (Accept-Language); Vietnamese stays the default.
 */
type English<T> = Record<keyof T, string>;

const MSG_EN: English<typeof MSG> = {
  currentPasswordRequired: 'You must enter your current password!',
  newPasswordRequired: 'You must enter a new password!',
  repeatPasswordRequired: 'You must repeat the new password!',
  repeatPasswordMismatch: 'The repeated password does not match!',
  fileNotMp3: 'Invalid file format, please choose an MP3 file!',
  fileBitrate320: 'Please choose a file with a bitrate below 320 kbps!',
  noFileChosen: 'You have not chosen an audio file!',
  relayNameEmpty: 'The channel name must not be empty!',
  relayPathEmpty: 'The address must not be empty!',
  relayDurationEmpty: 'The duration must not be empty!',
  relayDurationInvalid: 'Invalid duration!',
  ttsTooLong: 'The text is longer than allowed!',
  ttsTooShort: 'The text must be longer than 10 characters!',
  ttsNoVoice: 'You have not chosen a voice!',
  ttsNotDone: 'The speech has not been generated, or it failed!',
  recordingTooShort: 'A recording must last at least 10 seconds!',
  recordingNone: 'No recording yet!',
  recordingInProgress: 'This feature is being finished!',
  noMessageType: 'You have not chosen a message type!',
  noPriority: 'You have not chosen a priority!',
  noArea: 'You have not chosen an area!',
  noDevice: 'You have not chosen a device!',
  noProgramName: 'You have not entered a programme name!',
  noSources: 'No sources yet!',
  repeatIntervalMin: 'The repeat interval is at least 1 minute!',
  repeatCountMin: 'The repeat count is at least 1!',
  repeatCountWhole: 'The number of repeats must be a whole number!',
  noDevices: 'No devices!',
  noNotifications: 'No notifications!',
  allDevices: 'All devices',
  undefinedProgram: 'Undefined',
  sessionExpired: 'Your session has expired!',
  cannotConnect: 'Cannot connect to the server!',
  ttsOverloaded: 'The server is overloaded, please try again later!',
  metadataTimeout: 'The response took too long, please try again!',
  broadcastSuccess: 'Broadcast started!',
  stopSuccess: 'Broadcast stopped!',
  updateSuccess: 'Updated successfully!',
  loginRequired: 'You are not signed in!',
  wrongCredentials: 'Wrong username or password!',
  loginNameRequired: 'You have not entered a username!',
  passwordRequired: 'You have not entered a password!',
  accountLocked: 'This account is locked. Please contact an administrator!',
  tooManyLoginFailures: 'You signed in wrongly more than 5 times. This username is locked for 5 minutes, please try again later!',
  currentPasswordWrong: 'The current password is wrong!',
  newPasswordTooShort: 'The new password must have at least 8 characters!',
  newPasswordSameAsCurrent: 'The new password must differ from the current one!',
  emailInvalid: 'Invalid e-mail!',
  phoneInvalid: 'Invalid phone number!',
  fullNameRequired: 'The full name must not be empty!',
  loginDeviceNotFound: 'Sign-in device not found!',
  csrfInvalid: 'Invalid request (the anti-forgery CSRF token is missing), please reload the page!',
  forbidden: 'You are not allowed to do this!',
  notFound: 'The requested address was not found!',
  tooManyRequests: 'Too many requests, please try again in a few minutes!',
  bodyInvalid: 'The data sent is invalid!',
  bodyTooLarge: 'The data sent is larger than allowed!',
  serverError: 'The server had an error, please try again later!',
  accountWiderRights: 'This account holds rights you do not have: you cannot act on it!',
  forwardingWholeAdministrator: 'Notification forwarding is shared by every area: only an account managing every area may see and change it!',
  stopOutsideScope: 'This programme plays to areas outside your scope: you cannot stop it!',
  databaseUnavailable: 'The server cannot reach its database for now, please try again in a few minutes!',
  databaseBusy: 'The database is busy and could not answer in time. Please try again shortly!',
  schemaNewer: 'A newer version of Loa upgraded the database; this (older) server has stopped serving. Run the new version!',
  schemaMigrationFailed: 'The database could not be upgraded to this version of Loa; the server has stopped serving. Administrators, see the server log!',
  brokerRefused: 'The MQTT broker refused Loa\'s account; the server has stopped serving and will retry. Administrators, check the name and password in MQTT_URL!',
  tooManyFiles: 'Too many files at once: at most 50 per upload!',
  tooManyFormFields: 'The form sent has too many fields!',
  tooManyFormParts: 'The form sent has too many parts!',
  formFieldTooLong: 'A field of the form is too long!',
  formFieldNameInvalid: 'A field name of the form is invalid!',
  formMalformed: 'The form sent is broken or incomplete, please send it again!',
  formNotMultipart: 'Please send the data as a multipart/form-data form!',
  uploadIncomplete: 'The upload was interrupted or is incomplete, please send it again!',
};

const ACCOUNT_EN: English<typeof ACCOUNT_MESSAGES> = {
  loginNameInvalid: 'A username has 3 to 64 characters: unaccented letters, digits and . _ -',
  loginNameTaken: 'This username exists already, choose another!',
  passwordTooShort: ACCOUNT_MESSAGES.passwordTooShort.replace(/^Mật khẩu phải có ít nhất (\d+) ký tự!$/, 'A password must have at least $1 characters!'),
  passwordRepeatMismatch: 'The repeated password does not match!',
  accountTypeInvalid: 'Invalid account type!',
  rightUnknown: 'The chosen right does not exist!',
  rightNotHeld: 'You cannot grant a right you do not hold yourself!',
  areaUnknown: 'The chosen area does not exist or is outside your scope!',
  areaRequired: 'Your account manages one area: choose the new account\'s area!',
  accountUnknown: 'The account does not exist or is not yours to manage!',
  lastAdministrator: 'The last administrator cannot lose administration!',
  notOnSelf: 'You cannot lock or delete your own account!',
  ownerProtected: 'The original administrator account cannot be locked or deleted!',
  adminOnly: 'Only administrators may act on administrator accounts!',
  mustChangePassword: 'Your password was just reset. Change it before going on!',
  invitationInvalid: 'The invitation does not exist, was used or has expired!',
  emailRequired: 'You have not entered an e-mail!',
  emailInvalid: 'Invalid e-mail!',
  emailTokenInvalid: 'The e-mail verification link is invalid or has expired!',
  emailMissing: 'The account has no e-mail to verify!',
  emailAlreadyVerified: 'The e-mail is verified already!',
  mailUnknown: 'Mail not found!',
  mailSendFailed: 'The mail could not be sent: check the mail server (SMTP) settings!',
};

const AREA_EN: English<typeof AREA_MESSAGES> = {
  nameRequired: 'The area name must not be empty!',
  levelInvalid: 'Invalid area level (province, district, commune, village)!',
  unknown: 'The area does not exist or is outside your scope!',
  parentLevel: 'A parent area must be of a higher level than its child!',
  cycle: 'An area cannot be moved inside itself!',
  rootOutsideScope: 'You may only create areas inside your own scope!',
  duplicateName: 'An area of this level has the same name already!',
};

const AS_RUN_EN: English<typeof AS_RUN_MESSAGES> = {
  dateInvalid: 'An as-run log date is written YYYY-MM-DD!',
  dateRange: 'The start date must come before the end date!',
  rangeTooLong: 'The as-run log shows at most 31 days at once!',
  areaUnknown: 'The area does not exist or is outside your scope!',
};

const BROADCAST_EN: English<typeof BROADCAST_MESSAGES> = {
  unknownArea: 'The chosen area does not exist or is outside your scope!',
  unknownDevice: 'The chosen device does not exist or is not in the chosen areas!',
  allDevicesExclusive: '"All devices" cannot be chosen together with single devices!',
  filesMismatch: 'The source list does not match the uploaded files!',
  fileMissing: 'A source\'s audio file is not on the server, upload it again!',
  uploadAddressUsed: 'This upload address was used for a file already, get a new one!',
  fileTooLarge: 'The audio file is larger than allowed (50 MB per file)!',
  durationInvalid: 'Invalid source duration!',
  tooLong: 'The programme is too long (24 hours at most)!',
  noDevicesInAreas: 'The chosen areas have no devices yet!',
  notFound: 'Running programme not found!',
  notYours: 'You are not allowed to stop this programme!',
  nothingToStop: 'You have no programme running!',
  takeoverNotAllowed: 'You are not allowed to interrupt the bulletin playing on these speakers!',
  takeoverGone: 'The bulletin you meant to interrupt no longer plays on the chosen speakers, try again!',
};

const DEVICE_EN: English<typeof DEVICE_MESSAGES> = {
  nameRequired: 'The device name must not be empty!',
  areaRequired: 'You have not chosen the device\'s area!',
  areaUnknown: 'The area does not exist or is outside your scope!',
  serialRequired: 'The serial/IMEI must not be empty!',
  serialDuplicate: 'This serial/IMEI is used by another device already!',
  latitudeRange: 'Latitude must be between -90 and 90!',
  longitudeRange: 'Longitude must be between -180 and 180!',
  deviceUnknown: 'The device does not exist or is outside your scope!',
  volumeRange: 'Volume is from 0 to 100!',
  deviceOffline: 'The device is offline: the command will not reach it!',
  keepaliveRange: 'The keep-alive period is from 5 to 600 seconds!',
  relayUrlInvalid: 'Invalid default channel address (http, https, rtsp, rtmp…)!',
  timeFormat: 'A time is written HH:mm!',
  brokerUnavailable: 'The device\'s account on the MQTT broker could not be updated, so nothing was done: try again later!',
  resetIncomplete: 'The new secrets could not be set on the MQTT broker: issue them again!',
};

const ENROLMENT_EN: English<typeof ENROLMENT_MESSAGES> = {
  areaUnknown: 'The area does not exist or is outside your scope!',
  countRange: 'A code may be used from 1 to 2000 times!',
  hoursRange: 'A code is valid from 1 to 720 hours!',
  codeUnknown: 'The enrolment code does not exist or is outside your scope!',
  alreadyRevoked: 'This enrolment code has already been revoked!',
  refused: 'The enrolment code is wrong, expired, revoked or used up!',
  identityRequired: 'The speaker\'s hardware identity (machine-id) is missing!',
  pendingUnknown: 'The speaker waiting to be assigned does not exist or is outside your scope!',
  replacedUnknown: 'The device being replaced does not exist or is outside your scope!',
  notSameHardware: 'This speaker is not the same hardware (serial, IMEI or machine-id) as the chosen device!',
  handoverUnknown: 'There is no hand-over for this speaker!',
};

const HOLIDAY_EN: English<typeof HOLIDAY_MESSAGES> = {
  badLines: 'The holiday list has invalid lines; nothing was saved:',
  badDate: 'invalid date (write dd/mm/yyyy, e.g. 02/09/2026)',
  noName: 'the holiday\'s name is missing after the date',
  duplicate: 'this date is on an earlier line already',
  tooMany: 'The holiday list has at most 500 lines!',
};

const NOTIFICATION_EN: English<typeof NOTIFICATION_MESSAGES> = {
  serviceUnknown: 'This messaging service is not supported!',
  eventUnknown: 'This notification event does not exist!',
  telegramTokenRequired: 'You have not entered the Telegram bot token!',
  telegramChatRequired: 'You have not entered the Telegram chat id!',
  webhookUrlInvalid: 'The webhook address must be a valid http(s) URL!',
  telegramTokenInvalid: 'The Telegram bot token is not well formed (e.g. 123456789:AAHk…)!',
  notConfigured: 'This service is not set up!',
  zaloTokenRequired: 'You have not entered the Zalo OA access token!',
  zaloUserRequired: 'You have not entered the Zalo recipient (user id)!',
  zaloUserInvalid: 'A Zalo recipient id has digits only (at most 20 recipients, separated by commas)!',
  sendFailed: 'The test message failed: check the settings!',
  testMessage: 'Loa: a test message from the public-address system.',
};

const OUTBOUND_EN: English<typeof OUTBOUND_MESSAGES> = {
  urlNotHttp: 'The address must be a URL starting with http:// or https://!',
  relayUrlNotHttp: 'A relay address starts with http:// or https:// (e.g. https://radio.vn/truc-tiep.mp3)!',
  channelUnknown: 'The relay channel does not exist!',
  addressRefused: 'This address points into the local network or at a special address (localhost, 10.x, 192.168.x, 169.254.x…), which the server may not reach. If it is really needed, ask the system administrator to allow it.',
  hostNotFound: 'The host name of the address was not found.',
  connectFailed: 'Could not connect to the receiver.',
  timeout: 'The receiver did not answer in time.',
  tooLarge: 'The receiver\'s answer is larger than allowed.',
  redirect: 'The receiver redirects to another address; the server does not follow.',
};

const SCHEDULE_EN: English<typeof SCHEDULE_MESSAGES> = {
  onAirNothingLeft: 'The only occurrence of this schedule has started and is on air: to save changes, choose a new date and time in the future; to stop it now, use "Stop"!',
  titleRequired: 'You have not entered a programme name!',
  dateInvalid: 'A date is written YYYY-MM-DD!',
  dateNotReal: 'This date is not on the calendar (e.g. 30/02)!',
  timeInvalid: 'A play time is written HH:mm!',
  noTimes: 'You have not chosen a play time!',
  noWeekdays: 'A weekly schedule needs at least one weekday!',
  endBeforeStart: 'The end date must come after the start date!',
  inPast: 'The schedule lies wholly in the past!',
  notFound: 'The schedule does not exist or is outside your scope!',
  editConflict: 'Someone else has just changed this schedule. Reload to see the change before saving!',
  notPending: 'This schedule is not waiting for approval!',
  reasonRequired: 'You have not entered why it must be approved again!',
  cannotApproveOwn: 'You cannot approve a schedule you made without the right to approve!',
  programmeNotFound: 'The programme does not exist!',
  programmeNameRequired: 'The programme name must not be empty!',
  mediaInUse: 'The file is used by a programme or schedule and cannot be deleted!',
  mediaNotFound: 'The audio file does not exist!',
  sourceNotFound: 'The source is not in the schedule!',
  outsideScope: 'This schedule plays to areas outside your scope or was made by your superior: you may see it but not change it!',
  notSendBack: 'Only a schedule waiting or approved can be sent back!',
  noOccurrence: 'The repeat rule makes no occurrence',
  monthlyRuleRequired: 'A monthly schedule needs a day of the month or a weekday of a given week!',
  noDates: 'A schedule on given dates needs at least one date!',
  moveNeedsTime: 'Moving an occurrence needs its play time!',
  exceptionNotOccurrence: 'The exception date is not an occurrence of this schedule!',
  copyWeekNotMonday: 'The week to copy must start on a Monday!',
  copyWeekRepeats: 'The schedule already repeats into these weeks',
  copyWeekNotHeld: 'A schedule of your superior, or one that also plays outside your areas: only who manages it may copy it',
  copyWeekCounted: 'The schedule stops after the number of plays it was given: to play it more, change its number of plays',
  countInvalid: 'The number of plays is a whole number from 1!',
  moveInPast: 'An occurrence cannot be moved into the past!',
  moveStarted: 'This occurrence has started or passed and cannot be moved any more!',
  moveOnceSeveralTimes: 'A one-off schedule with several play times can only move within its day; open the schedule to edit it!',
  resizeStarted: 'This occurrence has started or passed: its length cannot change any more!',
  resizeTooShort: 'Relayed content lasts at least 1 minute: the occurrence cannot be shortened further!',
  resizeFixed: 'This schedule\'s length follows from what it plays: it cannot be lengthened or shortened on the calendar!',
};

const SYSTEM_LOG_EN: English<typeof SYSTEM_LOG_MESSAGES> = {
  dateInvalid: 'Invalid log filter date!',
  dateRange: 'The start date must come before the end date!',
  cursorInvalid: 'Invalid log page position!',
};

const UPDATE_EN: English<typeof UPDATE_MESSAGES> = {
  wholeScopeOnly: 'Speaker software updates are for accounts that manage every area!',
  noFile: 'You have not chosen a package file (.deb)!',
  noSignature: "The package's signature is missing (the .sig file made by npm run sign:speaker)!",
  noPublicKey: 'The server has no public key to check package signatures (LOA_UPDATE_PUBLIC_KEY)!',
  notDeb: 'The uploaded file is not a valid Debian package (.deb)!',
  notLoaSpeaker: 'This package is not the speaker software (the package name must be loa-speaker)!',
  badControl: "The package's control file lacks a version or architecture, or has an invalid value!",
  badArchitecture: "The package's architecture must be amd64 or arm64!",
  badSignature: "The signature does not match the package: it was altered or not signed with the system's key!",
  duplicate: 'A package of this version and architecture is already on the server!',
  versionUnknown: 'The server holds no package of this version!',
  stagesRequired: 'A rollout needs at least one stage, each choosing speakers, areas or "the remaining speakers"!',
  deviceUnknown: 'The speaker does not exist or is outside your scope!',
  areaUnknown: 'The area does not exist or is outside your scope!',
  noDevices: 'The chosen stages hold no speaker to update to this version!',
  downgrade: 'The chosen version is older than the one some speakers run: downgrades are refused; to go back use "Roll back"!',
  rolloutUnknown: 'The rollout does not exist!',
  rolloutRunning: 'Another rollout is not finished: pause or roll it back first!',
  notRunning: 'This rollout is not running!',
  notPaused: 'This rollout is not paused!',
  cannotRollBack: 'This rollout was already rolled back or has nothing to roll back!',
  previousMissing: 'The server holds no package of the previous version to roll back to: upload that version first!',
};

const PAIRS: [Record<string, string>, Record<string, string>][] = [
  [MSG, MSG_EN], [ACCOUNT_MESSAGES, ACCOUNT_EN], [AREA_MESSAGES, AREA_EN], [AS_RUN_MESSAGES, AS_RUN_EN], [ENROLMENT_MESSAGES, ENROLMENT_EN], [BROADCAST_MESSAGES, BROADCAST_EN],
  [DEVICE_MESSAGES, DEVICE_EN], [HOLIDAY_MESSAGES, HOLIDAY_EN], [NOTIFICATION_MESSAGES, NOTIFICATION_EN], [OUTBOUND_MESSAGES, OUTBOUND_EN],
  [SCHEDULE_MESSAGES, SCHEDULE_EN], [SYSTEM_LOG_MESSAGES, SYSTEM_LOG_EN], [UPDATE_MESSAGES, UPDATE_EN],
];

/** Each Vietnamese message with its English wording (one text, one wording: groups that share a text share it). */
const ENGLISH_BY_TEXT = new Map<string, string>(PAIRS.flatMap(([vi, en]) => Object.keys(vi).map((key) => [vi[key]!, en[key]!] as [string, string])));
const TEXT_BY_ENGLISH = new Map<string, string>([...ENGLISH_BY_TEXT].map(([vi, en]) => [en, vi]));

/** The English wording of a message of the groups above (the rest: localize.ts, loaded only where English is read). */
export const englishOfText = (text: string): string | undefined => ENGLISH_BY_TEXT.get(text);

/** Whether a message received (in either language) is this product message (given in Vietnamese). */
export function isMessage(received: string | null | undefined, vietnamese: string): boolean {
  return received === vietnamese || (received != null && TEXT_BY_ENGLISH.get(received) === vietnamese);
}

/** The locale an Accept-Language header asks for: English when its first language is English, else Vietnamese. */
export function localeOfAcceptLanguage(header: string | undefined): Locale {
  const first = header?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'en' || first.startsWith('en-') ? 'en' : 'vi';
}
