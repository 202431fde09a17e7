print("cadence")
