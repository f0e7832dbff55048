import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HolidayCalendarBody } from '@loa/contract';
import { fetchHolidayCalendar, saveHolidayCalendar } from './api';
import { scheduleKeys } from './useSchedules';

const holidayKeys = { all: ['ngaynghi'] as const, year: (year: number) => ['ngaynghi', year] as const };

/** The organisation's holiday calendar, with every holiday of `year`. */
export function useHolidayCalendar(year: number) {
  return useQuery({ queryKey: holidayKeys.year(year), queryFn: () => fetchHolidayCalendar(year) });
}

/** Saves the holiday calendar; every year and every schedule list is read again (next starts move). */
export function useSaveHolidayCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HolidayCalendarBody) => saveHolidayCalendar(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: holidayKeys.all });
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.lists });
    },
  });
}
