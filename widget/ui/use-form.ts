import { useEffect, useState, useSyncExternalStore } from 'react';
import type { FormController, FormSnapshot } from '../core/forms/index.js';

/**
 * One form controller per mounted form: created once (so a re-render never rebuilds it and
 * loses what the visitor typed), read through useSyncExternalStore, disposed on unmount
 * (its idle-validation timers have this owner).
 */
export function useFormController(create: () => FormController): [FormController, FormSnapshot] {
  const [controller] = useState(create);
  useEffect(() => () => controller.dispose(), [controller]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  return [controller, snapshot];
}
