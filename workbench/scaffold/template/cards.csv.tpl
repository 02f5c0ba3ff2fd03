id,name,points,copies
one,One,1,4
two,Two,2,3
three,Three,3,2
four,Four,4,1
