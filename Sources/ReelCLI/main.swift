import ReelMedia
print("reel")
