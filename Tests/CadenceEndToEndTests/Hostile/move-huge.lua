-- table.move over a trillion slots: charged as it moves them, so it stops on its budget.
table.move({}, 1, 1e12, 1)
