import { GeoJSON, Tooltip } from 'react-leaflet';
import type { AreaGeography } from '@loa/contract';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { AREA_GEOGRAPHY_PATH } from '../areas/api';

const STYLE = { color: '#1565c0', weight: 2, opacity: 0.8, fillOpacity: 0.06 };

/** The boundaries of the areas in scope (imported GeoJSON), drawn under the device markers with the area's name; a failure draws none. */
export function AreaBoundaries() {
  const { data } = useApiQuery<AreaGeography[]>(AREA_GEOGRAPHY_PATH, { staleTime: STALE.reference });
  return (
    <>
      {(data ?? []).filter((a) => a.ranhgioi).map((area) => (
        <GeoJSON key={area._id} data={area.ranhgioi!} style={STYLE}>
          <Tooltip sticky>{area.tendiaban}</Tooltip>
        </GeoJSON>
      ))}
    </>
  );
}
