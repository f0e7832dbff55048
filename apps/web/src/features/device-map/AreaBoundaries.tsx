import { GeoJSON, Tooltip } from 'react-leaflet';
import type { AreaGeography } from '@loa/contract';
import { boundarySignature } from './boundaryFit';

const STYLE = { color: '#1565c0', weight: 2, opacity: 0.8, fillOpacity: 0.06 };

/** The boundaries of the areas in scope (imported GeoJSON), drawn under the device markers with the area's name. */
export function AreaBoundaries({ data }: { data: AreaGeography[] | undefined }) {
  return (
    <>
      {(data ?? []).filter((a) => a.ranhgioi).map((area) => (
        <GeoJSON key={`${area._id}:${boundarySignature(area.ranhgioi!)}`} data={area.ranhgioi!} style={STYLE}>
          <Tooltip sticky>{area.tendiaban}</Tooltip>
        </GeoJSON>
      ))}
    </>
  );
}
