class FeatureFlagged
end
