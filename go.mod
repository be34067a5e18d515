module chimera

go 1.26
