import CadenceCore

extension RoutineHooks: HookCaller {}
