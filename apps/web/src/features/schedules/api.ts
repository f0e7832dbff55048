import type { TargetDevice, HolidayCalendarBody, HolidayCalendarView, Schedule, ScheduleBody, ScheduleConflict, ScheduleFilter, SchedulePage, SchedulePageQuery, SourceFile } from '@loa/contract';
import { api } from '../../lib/apiClient';

const base = '/v1/client/lichphat';

/** What the editor saves: the body, plus id and phienban when editing. */
export type ScheduleSave = ScheduleBody & { id?: string; phienban?: number };

/** POST danhsachlichphat: schedules in scope matching the filter. */
export function fetchSchedules(filter: ScheduleFilter): Promise<Schedule[]> {
  return api.post<Schedule[]>(`${base}/danhsachlichphat`, { data: filter });
}

/** POST danhsachtrang: one page of the list, sorted on the server. */
export function fetchSchedulePage(query: SchedulePageQuery): Promise<SchedulePage> {
  return api.post<SchedulePage>(`${base}/danhsachtrang`, { data: query });
}

/** GET kehoachtuan: the address of the week's plan as CSV (the week holding `day`). */
export const weekPlanCsvUrl = (day: string) => `${base}/kehoachtuan?tuan=${day}`;

/** POST laylichphatsua: one schedule with its current phienban. */
export function fetchSchedule(id: string): Promise<Schedule> {
  return api.post<Schedule>(`${base}/laylichphatsua`, { data: { id } });
}

/** POST kiemtrathongtin: broadcasts already holding the chosen devices at overlapping times. */
export function checkScheduleConflicts(body: ScheduleSave): Promise<ScheduleConflict[]> {
  return api.post<ScheduleConflict[]>(`${base}/kiemtrathongtin`, body);
}

/** POST taolichphat or sualichphat (with id and phienban). */
export function saveSchedule(body: ScheduleSave): Promise<Schedule> {
  return api.post<Schedule>(`${base}/${body.id ? 'sualichphat' : 'taolichphat'}`, body);
}

/** POST duyetlichphat. */
export const approveSchedule = (id: string) => api.post<Schedule>(`${base}/duyetlichphat`, { id });
/** POST yeucauduyetlai: back to its creator with a reason. */
/** POST yeucauduyetlai: the schedule, and `chuanhan`, how many speakers holding it have not yet taken the new plan (issue #30). */
export const sendBackSchedule = (id: string, lydo: string) => api.post<{ data: Schedule; chuanhan?: number }>(`${base}/yeucauduyetlai`, { id, lydo }, { whole: true });
/** POST ghimlichphat: toggles the user's own pin, or (tatca) the pin for everyone. */
export const pinSchedule = (id: string, forEveryone = false) => api.post<Schedule>(`${base}/ghimlichphat`, forEveryone ? { id, tatca: true } : { id });
/** POST xoalichphat: `chuanhan`, how many speakers holding it have not yet taken the new plan (issue #30). */
export const deleteSchedule = (id: string) => api.post<{ chuanhan?: number }>(`${base}/xoalichphat`, { id }, { whole: true });

/** POST uploadfile (or uploadfilesua when editing): stores MP3s; answers their stored keys, in the order sent. */
export function uploadSourceFiles(files: { blob: Blob; fileName: string }[], onProgress: (percent: number) => void, editing = false): Promise<SourceFile[]> {
  const body = new FormData();
  for (const file of files) body.append('files', file.blob, file.fileName);
  return api.request<SourceFile[]>('POST', `${base}/${editing ? 'uploadfilesua' : 'uploadfile'}`, { body, onUploadProgress: onProgress });
}

/** POST saocheptuan: the schedules of the week from `tuan` (a Monday) copied to the next `sotuan` weeks. */
export const copyWeek = (tuan: string, sotuan: number) =>
  api.post<{ datao: string[]; boqua: { idlichphat: string; tieude: string; lydo: string }[] }>(`${base}/saocheptuan`, { tuan, sotuan });

/** GET /v1/client/ngaynghi: the holiday calendar with every holiday of a year. */
export const fetchHolidayCalendar = (year: number) => api.get<HolidayCalendarView>(`/v1/client/ngaynghi?nam=${year}`);
/** POST /v1/client/ngaynghi/capnhat: the law's holidays on or off, and the own days (one "dd/mm/yyyy Tên" a line). */
export const saveHolidayCalendar = (body: HolidayCalendarBody) => api.post<HolidayCalendarView>('/v1/client/ngaynghi/capnhat', body);

/** POST duyetnhieu: approve several schedules, or send them back with one reason; answers those done and why the others were not. */
export const reviewSchedules = (ids: string[], hanhdong: 'duyet' | 'yeucauduyetlai', lydo?: string) =>
  api.post<{ xong: string[]; loi: { idlichphat: string; lydo: string }[] }>(`${base}/duyetnhieu`, { ids, hanhdong, ...(lydo ? { lydo } : {}) });

/** POST thietbimuctieu: the speakers a schedule plays on (in the caller's scope), with their positions. */
export const fetchTargetDevices = (id: string) => api.post<TargetDevice[]>(`${base}/thietbimuctieu`, { id });
