// placeholder for build warm-up
