require Rails.root.join("lib/storage")

Storage.fake_path = "/fake-s3" if Rails.env.development?
