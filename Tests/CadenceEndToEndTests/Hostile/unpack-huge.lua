-- table.unpack of a hundred million values.
return table.unpack({}, 1, 1e8)
