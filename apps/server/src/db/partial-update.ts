/**
 * The keys a partial update gives (issue 28 "Partial updates do not reset what they leave out"): a key left out or
 * undefined is dropped, so spreading the result over the stored values keeps them; null is kept (it clears).
 * @example {...stored, ...definedKeys({ mileageRateCents: 80, travelPaid: undefined })} changes only the mileage.
 */
export function definedKeys<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
