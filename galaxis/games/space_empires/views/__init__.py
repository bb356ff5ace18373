"""What a player sees of Space Empires 4X: the observation, the secret part and determinization
(observation.py, §9), the board as text and actions in words (text.py), the SVG board (svg.py) and the
numeric encoding for RL (encode.py). The rules name these in their hooks table."""
