import { useEffect, useState } from 'react';
import { GeoJSON, Tooltip } from 'react-leaflet';
import type { AreaGeography } from '@loa/contract';
import { fetchAreaGeography } from '../areas/api';

const STYLE = { color: '#1565c0', weight: 2, opacity: 0.8, fillOpacity: 0.06 };

/** The boundaries of the areas in scope (imported GeoJSON), drawn under the device markers with the area's name. */
export function AreaBoundaries() {
  const [areas, setAreas] = useState<AreaGeography[]>([]);
  useEffect(() => {
    let alive = true;
    fetchAreaGeography().then((list) => alive && setAreas(list.filter((a) => a.ranhgioi))).catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return (
    <>
      {areas.map((area) => (
        <GeoJSON key={area._id} data={area.ranhgioi!} style={STYLE}>
          <Tooltip sticky>{area.tendiaban}</Tooltip>
        </GeoJSON>
      ))}
    </>
  );
}
