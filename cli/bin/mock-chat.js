#!/usr/bin/env node
// The mock-chat bin: registers tsx so Node 20 runs the TypeScript program as it is.
import { register } from 'tsx/esm/api';

register();
await import('../main.ts');
