"""Hand-worked Mucken deals: hands per seat (from seat 0) and the cards played, in order, checked
trick by trick in the comments ("T3 (1) ... -> 2 (26)": the third trick, led by seat 1, taken by
seat 2 with 26 eyes). Shared by the ruling tests, the reference's self-check and the differential
tests, for the cases random play reaches too rarely."""

# Wenz (trumps EU GU HU SU; plain suits A Z K O 9).
# T1 (0) EU GU HU SU -> 0 (8)    T2 (0) GA GZ G9 GK -> 0 (25)   T3 (0) HA HZ HK HO -> 0 (28)
# T4 (0) EK EA EO EZ -> 1 (28)   T5 (1) SK SO SA SZ -> 3 (28)   T6 (3) S9 H9 E9 GO -> 3 (3)
# Team 0: 8 + 25 + 28 = 61 in 3 tricks; team 1: 28 + 28 + 3 = 59 in 3. EO is at seat 2.
WENZ61 = ["EU GA HA H9 EK SZ", "GU EA E9 GZ HZ SK", "HU GO G9 EO HK SO", "SU SA S9 EZ GK HO"]
WENZ61_PLAY = "EU GU HU SU GA GZ G9 GK HA HZ HK HO EK EA EO EZ SK SO SA SZ S9 H9 E9 GO"
# The same with GO and GK swapped between seats 2 and 3: T2 GA GZ G9 GO -> 0 (24) and
# T6 S9 H9 E9 GK -> 3 (4). Team 0: 8 + 24 + 28 = 60; team 1: 28 + 28 + 4 = 60.
WENZ60 = ["EU GA HA H9 EK SZ", "GU EA E9 GZ HZ SK", "HU GK G9 EO HK SO", "SU SA S9 EZ GO HO"]
WENZ60_PLAY = "EU GU HU SU GA GZ G9 GO HA HZ HK HO EK EA EO EZ SK SO SA SZ S9 H9 E9 GK"

# Geier (trumps EO GO HO SO; plain suits A Z K U 9). Seat 0 holds EO.
# T1 (0) EO GO HO SO -> 0 (12)   T2 (0) EA EZ EK E9 -> 0 (25)   T3 (0) GA GZ GU GK -> 0 (27)
# T4 (0) HA HZ HK HU -> 0 (27)   T5 (0) S9 SA SK SZ -> 1 (25)
# T6 (1) EU G9 H9 SU -> 1 (4: seats 2, 3, 0 hold no Eichel any more)
# Team 0: 12 + 25 + 27 + 27 = 91 in 4 tricks; team 1: 25 + 4 = 29 in 2.
G91 = ["EO EA GA HA S9 SU", "GO EZ GZ HZ SA EU", "HO EK GU HK SK G9", "SO E9 GK HU SZ H9"]
G91_PLAY = "EO GO HO SO EA EZ EK E9 GA GZ GU GK HA HZ HK HU S9 SA SK SZ EU G9 H9 SU"
# The same with EK and EU swapped between seats 1 and 2: T2 EA EZ EU E9 -> 0 (23) and
# T6 EK G9 H9 SU -> 1 (6). Team 0: 12 + 23 + 27 + 27 = 89; team 1: 25 + 6 = 31.
G89 = ["EO EA GA HA S9 SU", "GO EZ GZ HZ SA EK", "HO EU GU HK SK G9", "SO E9 GK HU SZ H9"]
G89_PLAY = "EO GO HO SO EA EZ EU E9 GA GZ GU GK HA HZ HK HU S9 SA SK SZ EK G9 H9 SU"
# Geier with EO at seat 1.
# T1 (0) SA S9 SZ SK -> 0 (25)   T2 (0) HA HZ HK H9 -> 0 (25)   T3 (0) GA GZ G9 GU -> 0 (23)
# T4 (0) EA EK EU E9 -> 0 (17)   T5 (0) GO EO HO SO -> 1 (12)   T6 (1) EZ GK HU SU -> 1 (18)
# Team 0: 25 + 25 + 23 + 17 = 90 in 4 tricks; team 1: 12 + 18 = 30 in 2.
G90 = ["GO EA GA HA SA SU", "EO EZ EK GZ HZ S9", "HO EU G9 GK HK SZ", "SO E9 GU H9 HU SK"]
G90_PLAY = "SA S9 SZ SK HA HZ HK H9 GA GZ G9 GU EA EK EU E9 GO EO HO SO EZ GK HU SU"
# Geier with EO at seat 1, seat 1 left with 29.
# T1 (0) SA SU SZ SK -> 0 (27)   T2 (0) HA HZ HK H9 -> 0 (25)   T3 (0) GA GZ G9 GU -> 0 (23)
# T4 (0) EZ EK EU E9 -> 0 (16)   T5 (0) GO EO HO SO -> 1 (12)   T6 (1) EA GK HU S9 -> 1 (17)
# Team 0: 27 + 25 + 23 + 16 = 91; team 1: 12 + 17 = 29.
G91B = ["GO EZ GA HA SA S9", "EO EA EK GZ HZ SU", "HO EU G9 GK HK SZ", "SO E9 GU H9 HU SK"]
G91B_PLAY = "SA SU SZ SK HA HZ HK H9 GA GZ G9 GU EZ EK EU E9 GO EO HO SO EA GK HU S9"

# Must-play Muck, dealer 0 (forehand 1); EO at seat 2, so team 0 must play (the reproduction of
# U-9's 90-eye line). T1 (1) GA GZ GK EU -> 0 (27)   T2 (0) GO HA GU SO -> 0 (19)
# T3 (0) H9 HZ EO HU -> 2 (15)   T4 (2) SZ SK HK SA -> 0 (29: seat 0 has no Schellen, trumps)
# T5 (0) EA HO S9 EZ -> 1 (24)   T6 (1) SU G9 EK E9 -> 1 (6)
# Team 0: 27 + 19 + 15 + 29 = 90 in 4 tricks; team 1: 24 + 6 = 30 in 2.
MUST90 = ["EA EU E9 GO HK H9", "GA HA HO HZ SA SU", "EO GU GZ G9 SZ S9", "EK EZ GK HU SK SO"]
MUST90_PLAY = "GA GZ GK EU GO HA GU SO H9 HZ EO HU SZ SK HK SA EA HO S9 EZ SU G9 EK E9"

# Muck (trumps EO GO HO SO EU GU HU SU HA HZ HK H9): seat 0 alone takes every trick.
# T1 (0) EO GU HU SU (9)   T2 GO HZ HK H9 (17)   T3 HO EA GA SA (36)   T4 SO EZ GZ SZ (33)
# T5 EU EK GK SK (14)      T6 HA E9 G9 S9 (11)   -> seat 0: 120 eyes, 6 tricks.
# As a Ramsch: Stichzwang holds throughout (each trump lead is answered by a trump while one is
# left; T3..T6 the others have none and no card of a led suit either).
MUCK_SWEEP = ["EO GO HO SO EU HA", "GU HZ EA EZ EK E9", "HU HK GA GZ GK G9", "SU H9 SA SZ SK S9"]
MUCK_SWEEP_PLAY = "EO GU HU SU GO HZ HK H9 HO EA GA SA SO EZ GZ SZ EU EK GK SK HA E9 G9 S9"

# Wenz-Tout lost to a trick of four nines. Dealer 0: forehand 1 (a defender) leads.
# T1 (1) E9 G9 H9 S9 -> 1 (0: nobody else holds a plain Eichel)   T2 (1) EA EU GK GO -> 2 (20)
# T3 (2) GU HO GZ SK -> 2 (19)   T4 (2) HU HK SO EO -> 2 (12)   T5 (2) SU HZ SZ EK -> 2 (26)
# T6 (2) GA HA SA EZ -> 2 (43). Team 0: 120 eyes in 5 tricks; team 1: 0 eyes in 1 trick.
NINES = ["S9 SA SZ SO GZ GO", "E9 EA EZ EK EO SK", "G9 EU GU HU SU GA", "H9 HA HZ HK HO GK"]
NINES_PLAY = "E9 G9 H9 S9 EA EU GK GO GU HO GZ SK HU HK SO EO SU HZ SZ EK GA HA SA EZ"

# One-point games (Muck trumps). EO at seat 3: team 1 plays.
# T1 (0) G9 EZ GA GK -> 2 (25)   T2 (2) E9 EK GZ HU -> 1 (16: HU trumps)   T3 (1) HO EU EO GU -> 3 (10)
# T4 (3) H9 GO HK SU -> 0 (9)    T5 (0) HZ SO EA HA -> 1 (35)   T6 (1) S9 SZ SK SA -> 0 (25)
# Team 1: 16 + 10 + 35 = 61; team 0: 25 + 9 + 25 = 59.
ONE61 = ["GO GU GZ G9 HZ SA", "EZ HK HO HU SO S9", "EA EU E9 GA SU SZ", "EK EO GK HA H9 SK"]
ONE61_PLAY = "G9 EZ GA GK E9 EK GZ HU HO EU EO GU H9 GO HK SU HZ SO EA HA S9 SZ SK SA"
# EO at seat 0: team 0 plays.
# T1 (0) EO HK H9 EU -> 0 (9)    T2 (0) EK E9 G9 EA -> 3 (15)   T3 (3) HO GU HA HZ -> 3 (26)
# T4 (3) S9 SA EZ SZ -> 0 (31)   T5 (0) GZ GK HU SO -> 3 (19)   T6 (3) SK GO GA SU -> 0 (20)
# Team 0: 9 + 31 + 20 = 60; team 1: 15 + 26 + 19 = 60.
ONE60 = ["EK EO GO GU GZ SA", "EZ E9 GA GK HA HK", "G9 HU HZ H9 SU SZ", "EA EU HO SK SO S9"]
ONE60_PLAY = "EO HK H9 EU EK E9 G9 EA HO GU HA HZ S9 SA EZ SZ GZ GK HU SO SK GO GA SU"
# EO at seat 3: team 1 plays and wins with Schneider, but not Schwarz.
# T1 (0) G9 GA EZ GK -> 1 (25)   T2 (1) E9 HA EK H9 -> 2 (15)   T3 (2) HK EO HZ GO -> 3 (20)
# T4 (3) EU SO GU HU -> 0 (9)    T5 (0) S9 EA SZ SA -> 3 (32)   T6 (3) HO SK GZ SU -> 3 (19)
# Team 1: 25 + 20 + 32 + 19 = 96 in 4 tricks; team 0: 15 + 9 = 24 in 2.
ONE96 = ["G9 H9 HZ S9 SK SO", "E9 EA GA GO GU GZ", "EZ HA HK HU SU SZ", "EK EO EU GK HO SA"]
ONE96_PLAY = "G9 GA EZ GK E9 HA EK H9 HK EO HZ GO EU SO GU HU S9 EA SZ SA HO SK GZ SU"
# EO at seat 0: team 0 plays and is left with 3 eyes in one trick.
# T1 (0) HK SO SU HZ -> 1 (19)   T2 (1) SZ SK S9 GZ -> 1 (24)   T3 (1) HU HO GO EU -> 3 (10)
# T4 (3) EZ GK EK SA -> 3 (29)   T5 (3) EA GA GU HA -> 1 (35: GU above HA)   T6 (1) G9 H9 E9 EO -> 0 (3)
# Team 0: 3 in 1 trick; team 1: 117.
ONE3 = ["EO EU GA GK GZ HK", "EK G9 GU HU SO SZ", "H9 HA HO SA SK SU", "E9 EA EZ GO HZ S9"]
ONE3_PLAY = "HK SO SU HZ SZ SK S9 GZ HU HO GO EU EZ GK EK SA EA GA GU HA G9 H9 E9 EO"

# Ramsch deals (Muck trumps, Stichzwang: follow and head, else trump and over-trump).
# RAMSCH_EYES, dealer 1 (forehand 2):
# T1 (2) EA GU E9 EO -> 1 (16: seat 3 must trump, seat 0 follows, seat 1 must over-trump with EO)
# T2 (1) H9 EU HO HK -> 3 (9)    T3 (3) HZ GA SU SO -> 2 (26)   T4 (2) GO HA EZ SA -> 2 (35)
# T5 (2) GK HU SZ GZ -> 3 (26)   T6 (3) SK EK S9 G9 -> 3 (8)
# Team 0: 26 + 35 = 61 in 2 tricks; team 1: 16 + 9 + 26 + 8 = 59 in 4.
RAMSCH_EYES = ["E9 EZ EK GA HK SZ", "EO GZ H9 S9 SU SA", "EU EA G9 GO GK SO", "GU HZ HU HO HA SK"]
RAMSCH_EYES_PLAY = "EA GU E9 EO H9 EU HO HK HZ GA SU SO GO HA EZ SA GK HU SZ GZ SK EK S9 G9"
# RAMSCH_TRICKS: T1 (0) GZ GA H9 GK -> 2 (25)   T2 (2) SU HU SO EU -> 0 (9)
# T3 (0) EZ EA EK EO -> 3 (28)   T4 (3) S9 SZ HA SA -> 1 (32)   T5 (1) HK GO HZ E9 -> 2 (17)
# T6 (2) HO SK G9 GU -> 2 (9). Team 0: 25 + 9 + 17 + 9 = 60 in 4 tricks; team 1: 28 + 32 = 60 in 2.
RAMSCH_TRICKS = ["E9 EZ G9 GZ SZ SO", "EU EA GU GA HK HA", "EK GO H9 HO SU SA", "EO GK HZ HU S9 SK"]
RAMSCH_TRICKS_PLAY = "GZ GA H9 GK SU HU SO EU EZ EA EK EO S9 SZ HA SA HK GO HZ E9 HO SK G9 GU"
# RAMSCH_TRUMPS: T1 (0) H9 HA GU HO -> 3 (16, 4 trumps)   T2 (3) EO HU GO HZ -> 3 (18, 4 trumps)
# T3 (3) GA GK G9 SA -> 3 (26, 0)   T4 (3) SU SO HK SZ -> 0 (19, 3)   T5 (0) EA EZ EK E9 -> 0 (25, 0)
# T6 (0) EU S9 SK GZ -> 0 (16, 1). Eyes 60:60, tricks 3:3, trumps taken 4 (team 0) : 8 (team 1).
RAMSCH_TRUMPS = ["EU EA GK H9 HU SO", "EZ G9 GO HK HA S9", "EK GU HZ SZ SK SA", "E9 EO GZ GA HO SU"]
RAMSCH_TRUMPS_PLAY = "H9 HA GU HO EO HU GO HZ GA GK G9 SA SU SO HK SZ EA EZ EK E9 EU S9 SK GZ"
# RAMSCH_EO: T1 (0) SO EO HA HU -> 1 (19, 4 trumps)   T2 (1) GU SU EA EU -> 0 (17, 3)
# T3 (0) SA H9 HK SK -> 2 (19, 2)   T4 (2) EK EZ HZ E9 -> 0 (24, 1)   T5 (0) GA GO G9 GZ -> 1 (24, 1)
# T6 (1) HO GK SZ S9 -> 1 (17, 1). Eyes 60:60, tricks 3:3, trumps 6:6; team 1 took EO.
RAMSCH_EO = ["EU GA HZ S9 SO SA", "E9 EO GU GO H9 HO", "EK G9 GK HK HA SU", "EZ EA GZ HU SZ SK"]
RAMSCH_EO_PLAY = "SO EO HA HU GU SU EA EU SA H9 HK SK EK EZ HZ E9 GA GO G9 GZ HO GK SZ S9"
# Team 0 takes every trick, but seat 2 takes the last one: no Durchmarsch.
# T1 (0) EO GU HA SU (18)   T2 GO HZ HK H9 (17)   T3 HO EA HU SA (27)   T4 SO EZ GZ SZ (33)
# T5 EU EK GK SK (14)       T6 (0) G9 E9 GA S9 -> 2 (11: seat 2 must head with GA). Team 0: 120.
TEAM_SWEEP = ["EO GO HO SO EU G9", "GU HZ EA EZ EK E9", "HU HK HA GA GZ GK", "SU H9 SA SZ SK S9"]
TEAM_SWEEP_PLAY = "EO GU HA SU GO HZ HK H9 HO EA HU SA SO EZ GZ SZ EU EK GK SK G9 E9 GA S9"

# Six players, dealer 5 (forehand 0); teams 0 2 4 against 1 3 5. Muck by seat 0.
# T1 (0) EA EZ EK E9 SA SK -> 0 (40: seats 4 and 5 hold no Eichel)
# T2 (0) GA HO GK G9 GZ S9 -> 1 (28: seat 1 trumps)   T3 (1) HA EU HZ HK H9 EO -> 0 (30)
# T4 (0) GO SZ SO GU HU SU -> 0 (22). Team 0: 40 + 30 + 22 = 92 in 3 tricks; team 1: 28 in 1.
SIX = ["EO GO EA GA", "HO HA EZ SZ", "SO EU EK GK", "GU HZ E9 G9", "HU HK SA GZ", "SU H9 SK S9"]
SIX_PLAY = "EA EZ EK E9 SA SK GA HO GK G9 GZ S9 HA EU HZ HK H9 EO GO SZ SO GU HU SU"

# Long deck (8 cards each), Muck by seat 0, which takes every trick:
# T1 EO GU SU H8 (7)  T2 GO HK H9 H7 (7)  T3 HO EA GA SA (36)  T4 SO EZ GZ SZ (33)
# T5 EU EK GK SK (14) T6 HU E9 G9 S9 (2)  T7 HA E8 G8 S8 (11)  T8 HZ E7 G7 S7 (10) -> 120.
LONG = ["EO GO HO SO EU HU HA HZ", "GU HK EA EZ EK E9 E8 E7", "SU H9 GA GZ GK G9 G8 G7",
        "H8 H7 SA SZ SK S9 S8 S7"]
LONG_PLAY = ("EO GU SU H8 GO HK H9 H7 HO EA GA SA SO EZ GZ SZ EU EK GK SK HU E9 G9 S9 "
             "HA E8 G8 S8 HZ E7 G7 S7")
