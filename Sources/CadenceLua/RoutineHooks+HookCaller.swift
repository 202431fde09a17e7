import CadenceCore

extension RoutineHooks: HookCaller {
  public func defines(_ hook: HookName) -> Bool { available.contains(hook) }
}
