-- table.move over a trillion slots: charged by its count before it starts.
table.move({}, 1, 1e12, 1)
