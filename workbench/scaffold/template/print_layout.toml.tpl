# {{Title}} — how a card of cards.csv is printed: `workbench print {{name}} --backs --out cards.pdf`.
# Boxes are [x, y, width, height] in mm on a 63 × 88 mm card (other --size values scale them);
# size/min_size in points: a text shrinks down to min_size, and one that still does not fit is
# cut and listed as a problem (file, row, column). Templates: {column} a cell, {column*●} a
# mark repeated as many times as the cell's number, [optional part] dropped when a cell in it
# is empty; _copies is how many of the card this print run holds. Add a box per new column.

[back]
text = "{{Title}}"
fill = "#2f4858"
colour = "#ffffff"

[faces.cards]
title = "name"
copies = "copies"

[faces.cards.band]            # the band's colour follows a column's value
column = "points"
box = [0, 0, 63, 11]
default = "#dddddd"
colours = { "1" = "#f6e39a", "2" = "#b9e2b0", "3" = "#a9cdf0", "4" = "#f4b6a6" }

[faces.cards.art]
box = [3, 14, 57, 40]
label = "{id}"

[[faces.cards.boxes]]
name = "name"
text = "{name}"
box = [2, 1.5, 44, 8.5]
size = 12
min_size = 7
valign = "middle"

[[faces.cards.boxes]]
name = "points"
text = "{points}"
box = [46, 1.5, 15, 8.5]
size = 12
min_size = 7
align = "right"
valign = "middle"

[[faces.cards.boxes]]
name = "text"
text = "[{points} points]"
box = [2, 56, 59, 22]
size = 9
min_size = 6

[[faces.cards.boxes]]
name = "copies"
text = "{_copies*●}"
box = [40, 80, 21, 6.5]
size = 6
min_size = 3.5
colour = "#777777"
align = "right"
valign = "bottom"
