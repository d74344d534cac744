// rules/examples/drunkard.pat — tiles of the drunkard example: 0 wall, rock (every layer starts at
// 0), 1 floor, 2 stairs (the markers tell up from down).
table floor { 1 }
table stairs { 2 }
miniset stair 1x1 { search . replace 2 }
