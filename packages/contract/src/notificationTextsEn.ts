import type { Wording } from './localize';
import type { NOTIFICATION_TEXTS } from './schemas/notifications.texts';

/**
 * The English wording of the notifications (issue #28 item 9), registered in englishGroups so the
 * English console reads a stored Vietnamese notification in English: names, times and counts are
 * carried across, the kind of broadcast, a CAP severity and an inner reason are translated too.
 */
export const NOTIFICATION_TEXTS_EN: Wording<typeof NOTIFICATION_TEXTS> = {
  live: 'Live broadcast',
  emergency: 'Emergency broadcast',
  scheduled: 'Scheduled broadcast',
  startedTitle: (what, title) => `${what} started: ${title}`,
  cutTitle: (what, title) => `${what} cut off: ${title}`,
  finishedTitle: (what, title) => `${what} finished: ${title}`,
  stoppedTitle: (what, title) => `${what} stopped: ${title}`,
  startedBody: (author, live, title) => `${author ?? 'A user'} started ${live ? 'broadcasting live' : 'playing'} "${title}".`,
  cutBody: (title, byTitle, byAuthor, at) =>
    `The programme "${title}" was cut off by ${byTitle ? `"${byTitle}"` : 'another bulletin'}${byAuthor ? ` from ${byAuthor}` : ''} at ${at}.`,
  finishedBody: (title, at) => `The programme "${title}" finished playing at ${at}.`,
  stoppedBody: (title, stopper, at) => `The programme "${title}" was stopped${stopper ? ` by ${stopper}` : ''} at ${at}.`,
  preemptedTitle: (title) => `Cut off by a higher-priority bulletin: ${title}`,
  preemptedBody: (title, author, speakers, byTitle, byAuthor, at) =>
    `The programme "${title}" from ${author} was cut off on ${speakers} speakers by "${byTitle}" from ${byAuthor} at ${at}; it resumes when "${byTitle}" ends.`,

  offlineTitle: (area, name) => `Device offline: ${area ? `${area} / ` : ''}${name}`,
  offlineBody: (name, minutes) => `The device "${name}" has been offline for about ${minutes} minutes.`,
  clockTitle: (area, name) => `Device clock cannot be trusted: ${area ? `${area} / ` : ''}${name}`,
  clockNoAnswer: (name) => `The device "${name}" gets no answer from the server to its clock requests, so it may play out of time with other speakers.`,
  clockSlowRoundTrip: (name, rttMs) =>
    `The link to the device "${name}" is too slow (round trip ${rttMs} ms) for a precise clock synchronisation; the device may play out of time with other speakers.`,
  clockJumping: (name) => `The clock of the device "${name}" keeps jumping; the device may play out of time with other speakers.`,
  clockNotReported: (name) =>
    `The device "${name}" has been connected for minutes without reporting its clock synchronisation (its speaker software may be old), so it may play out of time with other speakers. Update the speaker software.`,
  overheatedTitle: (area, name) => `CPU too hot: ${area ? `${area} / ` : ''}${name}`,
  overheatedBody: (name, celsius) => `The CPU of the device "${name}" is at ${celsius ?? '?'} °C. Check the cooling and ventilation of the speaker box.`,
  diskFullTitle: (area, name) => `Disk nearly full: ${area ? `${area} / ` : ''}${name}`,
  diskFullBody: (name, freePercent) => `The disk of the device "${name}" has only ${freePercent ?? '?'} % free. The device may be unable to store the audio files of its schedules.`,
  memoryLowTitle: (area, name) => `Memory nearly exhausted: ${area ? `${area} / ` : ''}${name}`,
  memoryLowBody: (name, freePercent) => `The memory of the device "${name}" has only ${freePercent ?? '?'} % free. The device may play with interruptions or restart by itself.`,
  cutOffTitle: (area, name) => `Device sending invalid data: ${area ? `${area} / ` : ''}${name}`,
  cutOffBody: (name, minutes) =>
    `The device "${name}" kept sending invalid data (it may be forged or a software fault), so it was disconnected and is refused reconnection for ${minutes} minutes. Check the device and issue a new secret key if you suspect it leaked.`,

  awaitingApprovalTitle: 'Schedule awaiting approval',
  awaitingApprovalBody: (author, title) => `${author} sent the schedule "${title}" for approval.`,
  dueUnapprovedTitle: 'Schedule about to start without approval',
  dueUnapprovedBody: (title, author, when) => `The schedule "${title}" from ${author} plays at ${when} but is not approved. Approve or return it before it plays.`,
  missedTitle: 'Schedule missed',
  missedBody: (title, author, when) => `The schedule "${title}" from ${author} did not play at ${when} because it was not approved in time.`,

  capBroadcastTitle: 'Emergency alert broadcast at once',
  capBroadcastBody: (via, headline, severity, areas, waiting) => `${via}: "${headline}" (${severity}) is playing in ${areas}${waiting ? ` (${waiting})` : ''}.`,
  capRefusedTitle: 'CAP alert refused',
  capRefusedBody: (via, headline, reason) => `${via}: "${headline}" was not carried out. ${reason}`,
};
