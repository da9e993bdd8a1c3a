import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FormController, FormSnapshot } from '../core/forms/index.js';

/**
 * One form controller per mounted form: created once (so a re-render never rebuilds it and
 * loses what the visitor typed), read through useSyncExternalStore, disposed on unmount
 * (its idle-validation timers have this owner). Under StrictMode's simulated unmount and
 * remount, the disposed controller is replaced by a fresh one.
 */
export function useFormController(create: () => FormController): [FormController, FormSnapshot] {
  const [controller, setController] = useState(create);
  const createRef = useRef(create);
  createRef.current = create;
  const disposedRef = useRef(false);
  useEffect(() => {
    if (disposedRef.current) {
      disposedRef.current = false;
      setController(createRef.current());
      return;
    }
    return () => {
      controller.dispose();
      disposedRef.current = true;
    };
  }, [controller]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
  return [controller, snapshot];
}
