export * from './wire.js';
export * from './result-protocol.js';
export * from './input-checks.js';
export * from './tool-table.js';
export * from './default-tools.js';
export * from './pairing.js';
export * from './result-cap.js';
export * from './image-labels.js';
