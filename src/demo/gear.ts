import type { Position } from '../eventstore/port.ts';
import { createGear, loadGear, type GearCommandDeps } from '../commands/gear/handlers.ts';
import type { GearType } from '../events/gear.ts';
import { demoUuid } from './ids.ts';

/**
 * Demo gear for the embedded default: 65 items (five of each type) created through the gear
 * commands. Brands and models are fictional; prices are plausible ranges in US dollars.
 */
type Row = [GearType, string, string, number | null, number | null];

const rows: Row[] = [
  ['wheel_base', 'Torqline', 'DD8 Direct Drive', 599, 699],
  ['wheel_base', 'Torqline', 'DD15 Pro', 999, 1199],
  ['wheel_base', 'Apexa', 'Belt Drive B2', 349, 399],
  ['wheel_base', 'Vortek', 'Servo 25', 1699, 1899],
  ['wheel_base', 'Gridstone', 'Entry GT', 199, 249],
  ['wheel_rim', 'Torqline', 'GT Round 320', 249, 299],
  ['wheel_rim', 'Apexa', 'Formula Flat', 399, 449],
  ['wheel_rim', 'Vortek', 'Prototype Yoke', 549, 649],
  ['wheel_rim', 'Gridstone', 'Rally Dish', 179, 199],
  ['wheel_rim', 'Carbonline', 'Open Wheel F1 Style', 699, 799],
  ['pedals', 'Stompwerk', 'Load Cell 2', 199, 249],
  ['pedals', 'Stompwerk', 'Hydraulic Pro 3', 699, 899],
  ['pedals', 'Apexa', 'LC Sprint', 299, 349],
  ['pedals', 'Vortek', 'Active Brake', 1499, 1699],
  ['pedals', 'Gridstone', 'Potentiometer Trio', 99, 129],
  ['shifter', 'Shiftco', 'H-Pattern 7+R', 249, 299],
  ['shifter', 'Shiftco', 'Sequential S1', 199, 229],
  ['shifter', 'Apexa', 'Dual Mode', 329, 379],
  ['shifter', 'Gridstone', 'Basic H', 89, 99],
  ['shifter', 'Vortek', 'Dog-Box Sequential', 599, 699],
  ['handbrake', 'Shiftco', 'Hydro HB', 149, 179],
  ['handbrake', 'Apexa', 'Load Cell HB', 199, 229],
  ['handbrake', 'Gridstone', 'Rally Lever', 69, 89],
  ['handbrake', 'Vortek', 'Pro Handbrake', 299, 349],
  ['handbrake', 'Stompwerk', 'Compact HB', 99, 119],
  ['button_box', 'Panelworks', 'GT Box 16', 129, 149],
  ['button_box', 'Panelworks', 'Endurance Box 32', 249, 299],
  ['button_box', 'Apexa', 'Rotary Hub', 179, 199],
  ['button_box', 'Carbonline', 'Mini Box 8', 59, 79],
  ['button_box', 'Gridstone', 'Pit Box', 89, 109],
  ['cockpit', 'Rigframe', 'Aluminium 8040', 499, 699],
  ['cockpit', 'Rigframe', 'Compact Wheel Stand', 149, 199],
  ['cockpit', 'Tubeworks', 'Steel GT Rig', 349, 449],
  ['cockpit', 'Carbonline', 'Formula Monocoque', 1999, 2499],
  ['cockpit', 'Apexa', 'Folding Cockpit', 249, 299],
  ['seat', 'Bucketline', 'GT Bucket', 299, 399],
  ['seat', 'Bucketline', 'Reclined Formula', 399, 499],
  ['seat', 'Rigframe', 'Comfort Office GT', 199, 249],
  ['seat', 'Carbonline', 'Carbon Shell', 899, 1099],
  ['seat', 'Tubeworks', 'Fixed Back', 149, 179],
  ['display', 'Panoview', '49" Super Ultrawide', 899, 1199],
  ['display', 'Panoview', 'Triple 27" 165 Hz', 749, 899],
  ['display', 'Brightline', '34" Curved', 399, 499],
  ['display', 'Brightline', '42" OLED', 999, 1299],
  ['display', 'Panoview', '32" 240 Hz', 549, 649],
  ['vr_headset', 'Lumen', 'Vision 2', 499, 549],
  ['vr_headset', 'Lumen', 'Vision Pro 4K', 999, 1099],
  ['vr_headset', 'Opticore', 'Wide FOV X', 1299, 1499],
  ['vr_headset', 'Opticore', 'Standalone S', 299, 349],
  ['vr_headset', 'Brightline', 'Lite VR', 249, 299],
  ['headphones', 'Soundpit', 'Open Back 560', 149, 199],
  ['headphones', 'Soundpit', 'Closed Studio 700', 249, 299],
  ['headphones', 'Auralis', 'Wireless Race', 179, 229],
  ['headphones', 'Auralis', 'In-Ear Pro', 99, 129],
  ['headphones', 'Brightline', 'Gaming 7.1', 79, 99],
  ['motion_system', 'Kinetix', '2DOF Seat Mover', 1499, 1999],
  ['motion_system', 'Kinetix', '3DOF Platform', 3499, 4499],
  ['motion_system', 'Movelab', 'Compact Actuators', 2499, 2999],
  ['motion_system', 'Movelab', '6DOF Pro', 8999, 11999],
  ['motion_system', 'Rigframe', 'Seat Belt Tensioner', 399, 499],
  ['bass_shaker', 'Rumbleon', 'Transducer 50', 79, 99],
  ['bass_shaker', 'Rumbleon', 'Pedal Shaker Kit', 149, 199],
  ['bass_shaker', 'Auralis', 'Haptic Puck', 129, 149],
  ['bass_shaker', 'Kinetix', 'Seat Haptics', 249, 299],
  ['bass_shaker', 'Movelab', 'Tactile Amp Kit', 199, 249],
];

export const demoGear = rows.map(([type, brand, model, priceMinUsd, priceMaxUsd]) => ({
  type,
  brand,
  model,
  priceMinUsd,
  priceMaxUsd,
  description: `${brand} ${model}: a popular choice among sim racers.`,
  url: `https://${brand.toLowerCase()}.example/${model.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
}));

export const demoGearId = (brand: string, model: string) => demoUuid('gear', `${brand} ${model}`);

/** The demo gear a pro uses: a wheel base, a rim, pedals, a display, by the pro's index. */
export function demoGearOfPro(index: number): string[] {
  const ofType = (type: GearType) => demoGear.filter((g) => g.type === type);
  return (['wheel_base', 'wheel_rim', 'pedals', 'display'] as const).map((type) => {
    const items = ofType(type);
    const item = items[index % items.length]!;
    return demoGearId(item.brand, item.model);
  });
}

/** Creates the demo gear through the commands; idempotent (ids from brand and model). */
export async function seedDemoGear(
  deps: GearCommandDeps,
): Promise<{ created: number; position: Position | null }> {
  const result = { created: 0, position: null as Position | null };
  const demoDeps: GearCommandDeps = {
    ...deps,
    actor: deps.actor ?? { type: 'system', id: 'seed' },
  };
  for (const item of demoGear) {
    const gearId = demoGearId(item.brand, item.model);
    if ((await loadGear(deps.eventStore, gearId)).state.status !== 'absent') continue;
    const created = await createGear(demoDeps, { gearId, ...item });
    result.created += 1;
    result.position = created.position;
  }
  return result;
}
