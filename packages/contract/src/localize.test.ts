import { describe, expect, it } from 'vitest';
import { RIGHTS, SERVER_ACTOR } from './constants';
import { INPUT_MESSAGES, MSG } from './messages';
import { englishGroups, localizeMessage } from './localize';
import { LIVE_MESSAGES, liveEndedByOther } from './live';
import { playReasonText } from './playReasons';
import { API_KEY_MESSAGES } from './schemas/apiKeys';
import { PROVINCE_MESSAGES } from './schemas/province';
import { TTS_MESSAGES } from './schemas/tts';
import { ENROLMENT_MESSAGES } from './schemas/enrolment';
import { AREA_GEOGRAPHY_MESSAGES, CAP_LABELS, CAP_MESSAGES, CAP_NOTES } from './schemas/cap';
import { AS_RUN_REASONS } from './schemas/asRun';
import { NOTIFICATION_TEXTS } from './schemas/notifications.texts';

const en = (text: string) => localizeMessage(text, 'en');

describe('English wording of the messages read after the first load (issue #28 item 9)', () => {
  it('has every key of every group in English, and no English the same as its Vietnamese', () => {
    for (const [vi, english] of englishGroups()) {
      for (const key of Object.keys(vi)) {
        const text = vi[key];
        if (typeof text !== 'string' && typeof text !== 'function') continue;
        expect(typeof english[key], key).toBe(typeof text);
        if (typeof text === 'string' && !/^[\w .()-]*$/.test(text)) expect(english[key], key).not.toBe(text);
      }
    }
  });

  it('translates a message of each group, Vietnamese staying as it is', () => {
    expect(en(API_KEY_MESSAGES.revoked)).toBe('The API key has been revoked!');
    expect(en(API_KEY_MESSAGES.rateInvalid)).toBe('The calls-per-minute limit must be from 1 to 6000!');
    expect(en(PROVINCE_MESSAGES.timeInPast)).toBe('The bulletin\'s play time has passed!');
    expect(en(TTS_MESSAGES.engineUnknown)).toBe('There is no such text-to-speech engine, or it is not set up!');
    expect(en(ENROLMENT_MESSAGES.refused)).toBe('The enrolment code is wrong, expired, revoked or used up!');
    expect(en(AREA_GEOGRAPHY_MESSAGES.geocodeTaken)).toBe('This area code (geocode) is used by another area already!');
    expect(en(LIVE_MESSAGES.silence)).toBe('The live broadcast stopped because the server received no audio for 10 seconds!');
    expect(en(RIGHTS.find((r) => r.value === 'duyetlichphat')!.quyen)).toBe('Approve schedules');
    expect(en(SERVER_ACTOR.ip)).toBe('server');
    expect(en(MSG.wrongCredentials)).toBe('Wrong username or password!');
    expect(localizeMessage(API_KEY_MESSAGES.revoked, 'vi')).toBe(API_KEY_MESSAGES.revoked);
    expect(en('Một câu không có trong bảng')).toBe('Một câu không có trong bảng');
  });

  it('fills the English sentence of a message with parameters, translating an inner message', () => {
    expect(en(CAP_MESSAGES.unknownGeocodes.replace('{codes}', '006109, 006009'))).toBe('Area codes (geocode) not in the system: 006109, 006009');
    expect(en(CAP_MESSAGES.polygonTooLarge.replace('{n}', '2').replace('{count}', '6001'))).toMatch(/^Polygon 2 of the alert has 6001 points/);
    expect(en(AS_RUN_REASONS.stoppedBy('Nguyễn Văn A', '08:30'))).toBe('Stopped by Nguyễn Văn A at 08:30');
    expect(en(AS_RUN_REASONS.cutBy(null, '08:31'))).toBe('Cut off at 08:31');
    expect(en(AS_RUN_REASONS.cutBy('Trần B', '08:31'))).toBe('Cut off by Trần B at 08:31');
    expect(en(AS_RUN_REASONS.devicesError(3, playReasonText('error', 'HTTP 404')))).toBe('3 speakers reported an error: Could not fetch the audio (the server answered 404)');
    expect(en(AS_RUN_REASONS.devicesError(1, null))).toBe('1 speakers reported an error');
    expect(en(INPUT_MESSAGES.mustBe('Âm lượng', INPUT_MESSAGES.kinds.int!))).toBe('The field "Âm lượng" must be a whole number!');
    expect(en(INPUT_MESSAGES.minNumber('Âm lượng', '0', true))).toBe('The field "Âm lượng" must be at least 0!');
    expect(en(INPUT_MESSAGES.minNumber('Âm lượng', '0', false))).toBe('The field "Âm lượng" must be more than 0!');
    expect(en(liveEndedByOther({ hoten: null, at: '09:15:02' }))).toBe('Your live broadcast was stopped by another officer at 09:15:02!');
    expect(en(liveEndedByOther({ hoten: 'Lê C', at: '09:15:02', takenOverBy: 'Lũ quét' }))).toBe('Your live broadcast was interrupted by Lê C at 09:15:02 to play "Lũ quét"!');
    expect(en(playReasonText('finished', 'stopped')!)).toBe('Stopped on the server\'s command');
  });

  it('says what became of a CAP alert in English, lists and inner sentences included', () => {
    const undone = [CAP_NOTES.stoppedBulletin('Lũ quét 1'), CAP_NOTES.unchanged('Lũ quét 2', CAP_MESSAGES.noDevices)].join('; ');
    expect(en(CAP_NOTES.broadcastNow('Xã A, Xã B', CAP_NOTES.waiting('Tin sáng', 4), undone))).toBe(
      'Broadcast at once to Xã A, Xã B; waiting for the bulletin "Tin sáng" to end on 4 speakers. Before that: stopped the bulletin "Lũ quét 1"; could not change "Lũ quét 2": The areas of the alert have no devices yet!.',
    );
    expect(en(CAP_NOTES.broadcastNow('Xã A', null, null))).toBe('Broadcast at once to Xã A.');
    expect(en(CAP_NOTES.draft('Xã A', CAP_LABELS.severity.Severe, CAP_LABELS.urgency.Expected.toLowerCase(), null)))
      .toBe('Draft awaiting approval for Xã A. Severity: Severe; urgency: act soon, within the hour.');
    expect(en(CAP_NOTES.cancelled(CAP_NOTES.removedDraft('Lũ')))).toBe('Cancelled: removed the draft "Lũ".');
    expect(en(CAP_NOTES.nothingCancelled)).toBe('The cancelled alert was not found.');
  });
});

type Texts = typeof NOTIFICATION_TEXTS;
type Made = { [K in keyof Texts]: Texts[K] extends (...args: infer A) => string ? K : never }[keyof Texts];
/** Sample values for each notification wording: every branch of a nullable or boolean part once. */
const NOTIFICATION_SAMPLES: { [K in Made]: Parameters<Texts[K]>[] } = {
  startedTitle: [[NOTIFICATION_TEXTS.live, 'Họp dân thôn Đông'], [NOTIFICATION_TEXTS.emergency, 'Lũ quét'], [NOTIFICATION_TEXTS.scheduled, 'Tin sáng']],
  cutTitle: [[NOTIFICATION_TEXTS.scheduled, 'Tin sáng']],
  finishedTitle: [[NOTIFICATION_TEXTS.emergency, 'Lũ quét']],
  stoppedTitle: [[NOTIFICATION_TEXTS.live, 'Họp dân']],
  startedBody: [['Nguyễn Văn A', true, 'Họp dân'], [null, false, 'Tin sáng']],
  cutBody: [['Tin sáng', 'Lũ quét', 'Trần Thị B', '08:30'], ['Tin sáng', null, null, '08:30']],
  finishedBody: [['Tin sáng', '08:30']],
  stoppedBody: [['Tin sáng', 'Lê Văn C', '08:30'], ['Tin sáng', null, '08:30']],
  preemptedTitle: [['Tin sáng']],
  preemptedBody: [['Tin sáng', 'Nguyễn Văn A', 12, 'Lũ quét', 'Trần Thị B', '08:30']],
  offlineTitle: [['Xã Hải Thượng', 'Loa chợ'], [null, 'Loa chợ']],
  offlineBody: [['Loa chợ', 15]],
  clockTitle: [['Xã Hải Thượng', 'Loa chợ'], [null, 'Loa chợ']],
  clockNoAnswer: [['Loa chợ']],
  clockSlowRoundTrip: [['Loa chợ', 850]],
  clockJumping: [['Loa chợ']],
  clockNotReported: [['Loa chợ']],
  overheatedTitle: [['Xã Hải Thượng', 'Loa chợ'], [null, 'Loa chợ']],
  overheatedBody: [['Loa chợ', 86], ['Loa chợ', null]],
  diskFullTitle: [['Xã Hải Thượng', 'Loa chợ']],
  diskFullBody: [['Loa chợ', 4]],
  memoryLowTitle: [['Xã Hải Thượng', 'Loa chợ']],
  memoryLowBody: [['Loa chợ', 3]],
  cutOffTitle: [['Xã Hải Thượng', 'Loa chợ'], [null, 'Loa chợ']],
  cutOffBody: [['Loa chợ', 60]],
  awaitingApprovalBody: [['Cán bộ xã', 'Tin phòng chống bão']],
  dueUnapprovedBody: [['Bão số 3', 'Xã A', '07:30 28/11/2026']],
  missedBody: [['Bão số 3', 'Xã A', '07:30 28/11/2026']],
  capBroadcastBody: [
    ['Trung tâm KTTV', 'Lũ quét', CAP_LABELS.severity.Severe, 'Xã A, Xã B', CAP_NOTES.waiting('Tin sáng', 4)],
    ['Trung tâm KTTV', 'Lũ quét', CAP_LABELS.severity.Extreme, 'Xã A', null],
  ],
  capRefusedBody: [['Trung tâm KTTV', 'Lũ quét', CAP_MESSAGES.noDevices]],
};
const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/i;

describe('English wording of the notifications (issue #28 item 9)', () => {
  it('words every title and body in English, keeping names, times and counts, translating inner messages', () => {
    for (const [key, samples] of Object.entries(NOTIFICATION_SAMPLES) as [Made, unknown[][]][]) {
      for (const args of samples) {
        const vietnamese = (NOTIFICATION_TEXTS[key] as (...a: unknown[]) => string)(...args);
        const english = en(vietnamese);
        expect(english, vietnamese).not.toBe(vietnamese);
        let rest = english;
        for (const arg of args) {
          if (typeof arg !== 'string' && typeof arg !== 'number') continue;
          // A name is carried across as it is; an inner product message (a broadcast kind, a CAP severity or reason) in English.
          const carried = en(String(arg));
          expect(english, `${key}: ${String(arg)}`).toContain(carried);
          rest = rest.replaceAll(carried, '');
        }
        expect(rest, english).not.toMatch(VIETNAMESE);
      }
    }
    for (const [key, text] of Object.entries(NOTIFICATION_TEXTS)) if (typeof text === 'string') expect(en(text), key).not.toMatch(VIETNAMESE);
  });

  it('reads a stored notification back in English', () => {
    expect(en(NOTIFICATION_TEXTS.startedTitle(NOTIFICATION_TEXTS.emergency, 'Lũ quét'))).toBe('Emergency broadcast started: Lũ quét');
    expect(en(NOTIFICATION_TEXTS.offlineTitle('Xã A', 'Loa chợ'))).toBe('Device offline: Xã A / Loa chợ');
    expect(en(NOTIFICATION_TEXTS.overheatedTitle(null, 'Loa chợ'))).toBe('CPU too hot: Loa chợ');
    expect(en(NOTIFICATION_TEXTS.startedBody(null, false, 'Tin sáng'))).toBe('A user started playing "Tin sáng".');
    expect(en(NOTIFICATION_TEXTS.awaitingApprovalTitle)).toBe('Schedule awaiting approval');
    expect(en(NOTIFICATION_TEXTS.capRefusedBody('KTTV', 'Lũ', CAP_MESSAGES.noDevices))).toBe('KTTV: "Lũ" was not carried out. The areas of the alert have no devices yet!');
    expect(localizeMessage(NOTIFICATION_TEXTS.offlineBody('Loa chợ', 15), 'vi')).toBe('Thiết bị "Loa chợ" đã mất kết nối khoảng 15 phút.');
  });
});
