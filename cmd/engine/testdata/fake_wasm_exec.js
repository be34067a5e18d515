// fake_wasm_exec.js stands in for Go's wasm_exec.js in worker_driver.js's
// 'crash' scenario (TestWorkerEngineStops): its "Go program" registers
// self.chimeraEngine, keeps the gos it is given unanswered, and exits when
// it is sent {type: 'exit'}, as an engine that crashes during a search
// would; later calls throw, as calls into an exited Go program do. So
// engine-worker.js's answers for a stopped engine are tested without
// building engine.wasm (any valid module will do as the wasm file).
'use strict';
self.Go = class {
  constructor() {
    this.importObject = {};
  }
  run() {
    return new Promise(resolve => {
      self.chimeraEngine = msg => {
        if (msg && msg.type === 'exit') {
          self.chimeraEngine = () => {
            throw new Error('Go program has already exited');
          };
          resolve();
        }
      };
    });
  }
};
