import { ZGetMapLocationsInput, ZMapLocations } from '@hearth/shared/map/map.schema';
import { permissionProcedure, router } from '../../trpc/init';
import { loadMapTiles } from '../../config';
import { getMapLocations } from './map.service';

/**
 * The map's call (spec "Other": getMapLocations). The output is declared, so client and caregiver data leave as
 * a whitelist of fields; the tile source is the server's MAP_TILE_URL setting.
 */
export const mapRouter = router({
  /** {branchId?} -> ZMapLocations (branches, clients, caregivers, today's visits, tiles); see getMapLocations. */
  getMapLocations: permissionProcedure
    .input(ZGetMapLocationsInput)
    .output(ZMapLocations)
    .query(({ ctx, input }) => getMapLocations({ scope: ctx.scope, input, tiles: loadMapTiles() })),
});
